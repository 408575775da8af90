// Child process of tests/e2e/production-start.spec.ts: gives a data directory the accounts a
// database once seeded with the demo has (the README's password), and a demo address whose owner
// chose a password of their own.
import { closeDatabase, openDatabase } from '../../app/db/client.server';
import { createModerator } from '../../app/features/accounts/create-moderator.server';
import { signUp } from '../../app/features/accounts/sign-up.server';
import { DEMO_PASSWORD } from '../../app/features/demo/accounts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: add-demo-accounts.ts DATA_DIR');
await openDatabase({ kind: 'pglite', dataDir });
await createModerator({ email: 'admin@shulog.example', password: DEMO_PASSWORD });
await signUp({ email: 'student01@shulog.example', password: DEMO_PASSWORD });
await signUp({ email: 'student02@shulog.example', password: 'a password its owner chose' });
await closeDatabase();
