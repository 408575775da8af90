// Closes the demo accounts that still log in with the password printed in the README: each gets
// a random password that nobody knows, and its sessions end. The accounts and their posts stay.
// For a production database that was once seeded with the demo (the server refuses to start on
// it: docs/decisions/049-production-start.md):
//   DATA_DIR=… npm run demo:close-logins            (stop the server first on PGlite)
//   DATABASE_URL=postgres://… npm run demo:close-logins
import { closeDemoLogins } from '../app/features/demo/demo-logins.server';
import { runOnServerDatabase } from './database';

await runOnServerDatabase(async () => {
  const closed = await closeDemoLogins();
  console.log(
    closed.length === 0
      ? 'デモ用のパスワードでログインできるアカウントはありません。'
      : `${closed.length} 件のデモアカウントのパスワードを使えなくしました: ${closed.join(', ')}`,
  );
});
