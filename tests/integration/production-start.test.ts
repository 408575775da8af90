// Issue 28, point 1 on a real database: the demo accounts a production start looks for, and the
// command that closes them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { users } from '../../app/db/schema';
import { logIn } from '../../app/features/accounts/log-in.server';
import { createSession, findSession } from '../../app/features/accounts/sessions.server';
import { DEMO_PASSWORD } from '../../app/features/demo/accounts';
import { closeDemoLogins, DemoLoginsError, demoAccountEmails, findDemoLogins } from '../../app/features/demo/demo-logins.server';
import { createModerator, createStudent } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase({ referenceData: false });

describe('demo accounts on a production database', () => {
  it('are the demo generator addresses that still log in with the README password, in the demo order', async () => {
    expect(demoAccountEmails()).toHaveLength(41);
    expect(demoAccountEmails().slice(0, 3)).toEqual(['admin@shulog.example', 'student01@shulog.example', 'student02@shulog.example']);
    expect(await findDemoLogins()).toEqual([]);

    await createStudent({ email: 'student07@shulog.example', password: DEMO_PASSWORD });
    await createModerator({ email: 'admin@shulog.example', password: DEMO_PASSWORD });
    // A demo address whose password was changed cannot be used by a reader of the README.
    await createStudent({ email: 'student02@shulog.example', password: 'a password of its own' });
    // Not a demo address: the forms refuse the demo password, so none can have it.
    await createStudent({ email: 'someone@example.jp', password: 'another password 1' });
    expect(await findDemoLogins()).toEqual(['admin@shulog.example', 'student07@shulog.example']);

    const refusal = new DemoLoginsError(await findDemoLogins());
    expect(refusal.message).toContain('README に載っているデモ用のパスワードでログインできるアカウントが 2 件あるため');
    expect(refusal.message).toContain('npm run demo:close-logins');
    expect(refusal.message).toContain('DEMO_DATA=1');
    expect(refusal.message).toMatch(/該当するアカウント: admin@shulog\.example, student07@shulog\.example$/);
    expect(refusal.message).not.toContain('\n');
  });

  it('are closed by demo:close-logins: the password stops working and their sessions end', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@shulog.example'));
    const session = await createSession({ userId: admin!.id });
    expect(await closeDemoLogins()).toEqual(['admin@shulog.example', 'student07@shulog.example']);
    expect(await findDemoLogins()).toEqual([]);
    expect(await findSession({ id: session.id })).toBeNull();
    await expect(logIn({ email: 'admin@shulog.example', password: DEMO_PASSWORD, ip: '10.28.0.1' })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    // The account is still there (its posts and role stay); closing again changes nothing.
    expect(await closeDemoLogins()).toEqual([]);
    const [still] = await db().select({ role: users.role }).from(users).where(eq(users.email, 'admin@shulog.example'));
    expect(still?.role).toBe('moderator');
  });
});
