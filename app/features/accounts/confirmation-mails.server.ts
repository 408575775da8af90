// The wording of the emails that prove an address (docs/decisions/040-email-confirmation.md), one
// function a mail, each with the links at the configured public origin (PUBLIC_ORIGIN), never one
// from a request. The flows decide who gets which and queue it (decision 027).
import { contactEmail, publicOrigin } from '../../lib/config.server';
import { CONFIRMATION_LIFETIME_MS, HOUR } from './session-policy';

export type ConfirmationMail = { subject: string; text: string };

const GREETING = 'シューログをご利用いただきありがとうございます。';

/** The lines, then the site's sign-off with its address, as one email. */
function mail(subject: string, lines: string[]): ConfirmationMail {
  return { subject, text: [...lines, '', '――', 'シューログ（就活・インターン情報サイト）', publicOrigin()].join('\n') };
}

function lifetimeText(): string {
  return `${CONFIRMATION_LIFETIME_MS / HOUR}時間`;
}

/** Sign-up, to a new address: the link that creates the account. */
export function signUpLinkMail(token: string): ConfirmationMail {
  return mail('【シューログ】会員登録を完了してください', [
    'シューログへのご登録ありがとうございます。',
    '',
    '以下のリンクを開き、「登録を完了する」を押すと会員登録が完了します。',
    `${publicOrigin()}/signup/confirm/${token}`,
    '',
    `このリンクの有効期限は${lifetimeText()}で、一度だけ使えます。`,
    'お心当たりのない場合は、このメールを破棄してください。登録は行われません。',
  ]);
}

/**
 * Sign-up, to an address that has an account: how to log in, back to the page the student signed
 * up from (`returnTo`, as the login form does with redirect_to), or to reset the password.
 */
export function alreadyRegisteredMail(returnTo: string | null): ConfirmationMail {
  return mail('【シューログ】このメールアドレスはすでに登録されています', [
    GREETING,
    '',
    'このメールアドレスで会員登録のお申し込みがありましたが、このアドレスはすでに登録されています。',
    'ご本人のお申し込みでしたら、以下のページからログインしてください。',
    `${publicOrigin()}/login${returnTo ? `?redirect_to=${encodeURIComponent(returnTo)}` : ''}`,
    '',
    'パスワードをお忘れの場合は、こちらから再設定できます。',
    `${publicOrigin()}/password_reset`,
    '',
    'お心当たりのない場合は、このメールを破棄してください。アカウントには何の変更もありません。',
  ]);
}

/** A change of address, to the new address: the link that completes it. */
export function emailChangeLinkMail(token: string): ConfirmationMail {
  return mail('【シューログ】メールアドレスの変更を完了してください', [
    GREETING,
    '',
    'ログイン用のメールアドレスをこのアドレスに変更するお申し込みを受け付けました。',
    '以下のリンクを開き、「変更を完了する」を押すと変更が完了します。',
    `${publicOrigin()}/email_change/${token}`,
    '',
    `このリンクの有効期限は${lifetimeText()}で、一度だけ使えます。`,
    'お心当たりのない場合は、このメールを破棄してください。変更は行われません。',
  ]);
}

/** A change of address, to an address that belongs to another account: nothing changes. */
export function addressTakenMail(): ConfirmationMail {
  return mail('【シューログ】メールアドレス変更のお申し込みについて', [
    GREETING,
    '',
    '別のアカウントから、このメールアドレスへの変更のお申し込みがありました。',
    'このアドレスはすでにシューログに登録されているため、変更は行われません。',
    '',
    'ご本人のお申し込みでしたら、このアドレスのアカウントでログインするか、変更前のアカウントで別のアドレスをお使いください。',
    `${publicOrigin()}/login`,
    '',
    'お心当たりのない場合は、このメールを破棄してください。',
  ]);
}

/** A completed change of address, to the old address: where to turn if it was not the owner. */
export function emailChangedMail(newEmail: string): ConfirmationMail {
  return mail('【シューログ】メールアドレスが変更されました', [
    GREETING,
    '',
    `ログイン用のメールアドレスが ${newEmail} に変更されました。今後のお知らせは新しいアドレスにお送りします。`,
    '',
    'お心当たりのない場合は、第三者が操作した可能性があります。お手数ですが、このメールには返信せず、次の窓口までご連絡ください。',
    contactEmail(),
  ]);
}
