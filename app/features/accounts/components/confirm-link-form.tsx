import { Form, useNavigation } from 'react-router';
import { Button } from '../../../ui/button';
import { authStyles } from './auth-page';
import { CsrfField } from './csrf-field';

/**
 * The one button of a confirmation link's page (sign-up, change of address): opening the link
 * changes nothing, this POST does (a mail scanner that follows links confirms nothing).
 */
export function ConfirmLinkForm({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className={authStyles.form}>
      <CsrfField />
      <Button type="submit" fullWidth size="large" disabledLabel={pendingLabel} pending={navigation.state === 'submitting'}>
        {label}
      </Button>
    </Form>
  );
}
