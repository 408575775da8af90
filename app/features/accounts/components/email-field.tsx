import { Input } from '../../../ui/input';

/**
 * The email field of the account forms (sign-up, login, password reset): one label, one set of
 * keyboard hints, one autocomplete for each purpose.
 */
export function EmailField({ purpose, defaultValue }: { purpose: 'signup' | 'login' | 'reset'; defaultValue?: string }) {
  return (
    <Input
      label="メールアドレス"
      name="email"
      type="email"
      // A login form fills the account's name; the others the student's own address.
      autoComplete={purpose === 'login' ? 'username' : 'email'}
      inputMode="email"
      required
      defaultValue={defaultValue}
    />
  );
}
