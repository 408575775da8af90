// The demo logins' password, printed in the README for anyone to read. The demo seed gives it to
// the demo accounts; the account forms refuse it as a new password, so that the only accounts
// that can have it are the demo's own, which a production server checks for at start
// (docs/decisions/049-production-start.md).
export const DEMO_PASSWORD = 'shulog-demo-2026';
