// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The configured public origin and contact address, not the defaults: each mail must take them
// from the configuration. The module is imported once they are set (config.server reads them once).
const ORIGIN = 'https://shulog-mail.example';
const CONTACT = 'help@shulog-mail.example';
const TOKEN = 'A'.repeat(43);
const SIGN_OFF = ['', '――', 'シューログ（就活・インターン情報サイト）', ORIGIN];

let mails: typeof import('./confirmation-mails.server');

beforeAll(async () => {
  vi.stubEnv('PUBLIC_ORIGIN', ORIGIN);
  vi.stubEnv('CONTACT_EMAIL', CONTACT);
  vi.resetModules();
  mails = await import('./confirmation-mails.server');
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the emails that prove an address', () => {
  it('sends a new address the link that creates the account, valid 24 hours and once', () => {
    expect(mails.signUpLinkMail(TOKEN)).toEqual({
      subject: '【シューログ】会員登録を完了してください',
      text: [
        'シューログへのご登録ありがとうございます。',
        '',
        '以下のリンクを開き、「登録を完了する」を押すと会員登録が完了します。',
        `${ORIGIN}/signup/confirm/${TOKEN}`,
        '',
        'このリンクの有効期限は24時間で、一度だけ使えます。',
        'お心当たりのない場合は、このメールを破棄してください。登録は行われません。',
        ...SIGN_OFF,
      ].join('\n'),
    });
  });

  it('tells a registered address’s owner how to log in, back to the page they came from, or to reset the password', () => {
    const mail = mails.alreadyRegisteredMail('/companies/12?tab=reviews&page=2');
    expect(mail).toEqual({
      subject: '【シューログ】このメールアドレスはすでに登録されています',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        'このメールアドレスで会員登録のお申し込みがありましたが、このアドレスはすでに登録されています。',
        'ご本人のお申し込みでしたら、以下のページからログインしてください。',
        `${ORIGIN}/login?redirect_to=%2Fcompanies%2F12%3Ftab%3Dreviews%26page%3D2`,
        '',
        'パスワードをお忘れの場合は、こちらから再設定できます。',
        `${ORIGIN}/password_reset`,
        '',
        'お心当たりのない場合は、このメールを破棄してください。アカウントには何の変更もありません。',
        ...SIGN_OFF,
      ].join('\n'),
    });
    // Without a page to return to, the plain login page.
    expect(mails.alreadyRegisteredMail(null).text.split('\n')).toContain(`${ORIGIN}/login`);
  });

  it('sends a new address the link that completes the change', () => {
    expect(mails.emailChangeLinkMail(TOKEN)).toEqual({
      subject: '【シューログ】メールアドレスの変更を完了してください',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        'ログイン用のメールアドレスをこのアドレスに変更するお申し込みを受け付けました。',
        '以下のリンクを開き、「変更を完了する」を押すと変更が完了します。',
        `${ORIGIN}/email_change/${TOKEN}`,
        '',
        'このリンクの有効期限は24時間で、一度だけ使えます。',
        'お心当たりのない場合は、このメールを破棄してください。変更は行われません。',
        ...SIGN_OFF,
      ].join('\n'),
    });
  });

  it('tells the owner of an address taken by another account that nothing changes', () => {
    expect(mails.addressTakenMail()).toEqual({
      subject: '【シューログ】メールアドレス変更のお申し込みについて',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        '別のアカウントから、このメールアドレスへの変更のお申し込みがありました。',
        'このアドレスはすでにシューログに登録されているため、変更は行われません。',
        '',
        'ご本人のお申し込みでしたら、このアドレスのアカウントでログインするか、変更前のアカウントで別のアドレスをお使いください。',
        `${ORIGIN}/login`,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
        ...SIGN_OFF,
      ].join('\n'),
    });
  });

  it('tells the old address of a completed change, with the configured contact address', () => {
    expect(mails.emailChangedMail('new@example.jp')).toEqual({
      subject: '【シューログ】メールアドレスが変更されました',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        'ログイン用のメールアドレスが new@example.jp に変更されました。今後のお知らせは新しいアドレスにお送りします。',
        '',
        'お心当たりのない場合は、第三者が操作した可能性があります。お手数ですが、このメールには返信せず、次の窓口までご連絡ください。',
        CONTACT,
        ...SIGN_OFF,
      ].join('\n'),
    });
  });
});
