// Creates a moderator (管理者) account, or makes an existing account one:
//   npm run admin:create -- admin@example.jp
//   ADMIN_PASSWORD='…' npm run admin:create -- admin@example.jp     (a password of your own)
// Without ADMIN_PASSWORD a random password is generated and printed once. Uses the database the
// server would use (DATA_DIR's PGlite, or DATABASE_URL); with PGlite, stop the server first
// (one process per DATA_DIR). See docs/decisions/009-accounts.md.
import { randomBytes } from 'node:crypto';
import { runOnServerDatabase } from './database';
import { createModerator } from '../app/features/accounts/create-moderator.server';
import { loginSchema, newPassword } from '../app/features/accounts/schemas';

const email = process.argv[2];
const fromEnv = process.env.ADMIN_PASSWORD;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!email || process.argv.length > 3) fail('Usage: npm run admin:create -- EMAIL   (ADMIN_PASSWORD=… to choose the password)');
const parsed = loginSchema.shape.email.safeParse(email);
if (!parsed.success) fail(`Not an email address: ${email}`);
// The sign-up form's rule: length, and never the demo password printed in the README.
const chosen = fromEnv === undefined ? undefined : newPassword.safeParse(fromEnv);
if (chosen && !chosen.success) fail(`ADMIN_PASSWORD: ${chosen.error.issues[0]!.message}`);
// 18 random bytes: 24 URL-safe characters, 144 bits.
const password = fromEnv ?? randomBytes(18).toString('base64url');

await runOnServerDatabase(async () => {
  const result = await createModerator({ email: parsed.data, password });
  console.log(`${result.created ? 'Created' : 'Updated'} moderator ${parsed.data} (user ${result.userId}).`);
  if (fromEnv === undefined) console.log(`Password (shown once; store it now): ${password}`);
  else console.log('Password: the one in ADMIN_PASSWORD.');
});
