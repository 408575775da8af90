import { Input } from '../../../ui/input';

/** 現在のパスワード: what every change to a logged-in account asks first (address, password, 退会). */
export function CurrentPasswordField() {
  return <Input label="現在のパスワード" name="currentPassword" type="password" autoComplete="current-password" required />;
}
