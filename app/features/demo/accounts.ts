// The demo logins. They are printed in the README and typed by people trying the site, so they
// are simple and fixed; the seed refuses to run on a database that already has data.

export { DEMO_PASSWORD } from '../../lib/demo-password';
export const DEMO_MODERATOR_EMAIL = 'admin@shulog.example';
export const DEMO_STUDENT_COUNT = 40;

/** student01@shulog.example … student40@shulog.example */
export function demoStudentEmail(n: number): string {
  return `student${String(n).padStart(2, '0')}@shulog.example`;
}
