import { Input } from '../../../ui/input';
import { PASSWORD_MIN } from '../schemas';

/** 新しいパスワード and its confirmation: what setting a password again asks (reset, change). */
export function NewPasswordFields() {
  return (
    <>
      <Input
        label="新しいパスワード"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`${PASSWORD_MIN}文字以上`}
      />
      <Input label="新しいパスワード（確認）" name="passwordConfirmation" type="password" autoComplete="new-password" required />
    </>
  );
}
