// The site's one zod: every schema imports `z` from here, never from the package itself
// (app/lib/errors-and-calls.test.ts refuses a second way). Importing it sets zod's messages for
// the checks whose schema names no message of its own: a list sent as text, a number too large,
// an option that does not exist. Those come from calls that no form of the site sends. Without
// this, zod's English defaults would reach the `fields` of a JSON error. A schema's own message
// still wins (docs/decisions/088-zod-messages-in-japanese.md).
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const LISTS = new Set(['array', 'set']);
const NUMBERS = new Set(['number', 'int', 'bigint']);

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string | undefined {
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  const origin = String(issue.origin);
  if (origin === 'string') {
    if (small) return limit === '1' ? '入力してください。' : `${limit}文字以上で入力してください。`;
    return `${limit}文字以内で入力してください。`;
  }
  if (LISTS.has(origin)) return small ? `${limit}件以上選んでください。` : `${limit}件以内にしてください。`;
  if (NUMBERS.has(origin)) {
    if (small) return issue.inclusive === false ? `${limit}より大きい数を入力してください。` : `${limit}以上の数を入力してください。`;
    return issue.inclusive === false ? `${limit}より小さい数を入力してください。` : `${limit}以下の数を入力してください。`;
  }
  return undefined;
}

/** zod's message for an issue whose schema has none: short, polite Japanese, like the site's own. */
export function japaneseIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return '入力してください。';
      if (NUMBERS.has(String(issue.expected))) return '数字で入力してください。';
      return '入力の形式が正しくありません。';
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue) ?? '入力の範囲が正しくありません。';
    case 'invalid_format':
      if (issue.format === 'email') return 'メールアドレスの形式で入力してください。';
      if (issue.format === 'url') return 'URLの形式で入力してください。';
      return '入力の形式が正しくありません。';
    case 'invalid_value':
      return '選択肢の中から選んでください。';
    case 'unrecognized_keys':
      return '受け付けていない項目が含まれています。';
    default:
      return '入力内容を確認してください。';
  }
}

z.config({ customError: japaneseIssueMessage });

export { z };
