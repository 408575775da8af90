import { describe, expect, it } from 'vitest';
import { parseForm } from '../../lib/form';
import { tokyoYear } from '../../lib/tokyo-time';
import { companyFormSchema } from './company-form-schema';

const valid = { name: '株式会社シューログ商事', kana: 'シューログショウジ', industryId: '3', prefectureId: '13' };

function errorsOf(values: Record<string, string>) {
  const result = parseForm(companyFormSchema, { ...valid, ...values });
  return result.ok ? {} : result.errors;
}

describe('companyFormSchema', () => {
  it('accepts the required fields alone, with the optional ones empty', () => {
    const result = parseForm(companyFormSchema, { ...valid, url: '', employeeCount: '', foundedYear: '', description: '' });
    expect(result).toEqual({
      ok: true,
      data: {
        name: '株式会社シューログ商事',
        kana: 'シューログショウジ',
        industryId: 3,
        prefectureId: 13,
        url: null,
        employeeCount: null,
        foundedYear: null,
        description: '',
        confirmSimilar: false,
      },
    });
  });

  it('converts the reading and reads numbers typed the Japanese way', () => {
    const result = parseForm(companyFormSchema, {
      ...valid,
      kana: 'しゅーろぐ ｼｮｳｼﾞ',
      employeeCount: '１，２００人',
      foundedYear: '１９９８',
      url: ' https://shulog.example.jp ',
      description: '  法人向けの業務ソフトウェア。\r\n全国に拠点があります。  ',
      confirmSimilar: 'on',
      similarFor: 'シューログ商事',
    });
    expect(result.ok && result.data).toMatchObject({
      kana: 'シューログショウジ',
      employeeCount: 1200,
      foundedYear: 1998,
      url: 'https://shulog.example.jp',
      description: '法人向けの業務ソフトウェア。\n全国に拠点があります。',
      confirmSimilar: true,
      similarFor: 'シューログ商事',
    });
  });

  it('says in Japanese what is wrong with each field', () => {
    expect(errorsOf({ name: '  ', kana: '' })).toEqual({ name: '企業名を入力してください。', kana: 'フリガナを入力してください。' });
    expect(errorsOf({ name: 'あ'.repeat(101) }).name).toBe('企業名は100文字以内で入力してください。');
    expect(errorsOf({ kana: 'Shulog' }).kana).toBe('フリガナは全角カタカナで入力してください（ひらがな・半角カナは自動で変換します）。');
    expect(errorsOf({ industryId: '' }).industryId).toBe('業種を選んでください。');
    expect(errorsOf({ prefectureId: 'x' }).prefectureId).toBe('本社所在地（都道府県）を選んでください。');
    expect(errorsOf({ url: 'javascript:alert(1)' }).url).toBe('URLは http:// または https:// で始まる正しいURLを入力してください。');
    expect(errorsOf({ url: 'www.example.jp' }).url).toBe('URLは http:// または https:// で始まる正しいURLを入力してください。');
    expect(errorsOf({ employeeCount: '-1' }).employeeCount).toBe('従業員数は0以上の整数（人数）で入力してください。');
    expect(errorsOf({ employeeCount: '12.5' }).employeeCount).toBe('従業員数は0以上の整数（人数）で入力してください。');
    expect(errorsOf({ employeeCount: '約100' }).employeeCount).toBe('従業員数は0以上の整数（人数）で入力してください。');
    expect(errorsOf({ description: 'あ'.repeat(2001) }).description).toBe('企業説明は2000文字以内で入力してください。');
  });

  it('takes founding years from 1600 to this year in Japan', () => {
    const year = tokyoYear();
    const message = '設立年は1600年から今年までの西暦4桁で入力してください。';
    expect(errorsOf({ foundedYear: '1599' }).foundedYear).toBe(message);
    expect(errorsOf({ foundedYear: String(year + 1) }).foundedYear).toBe(message);
    expect(errorsOf({ foundedYear: '1600' }).foundedYear).toBeUndefined();
    expect(errorsOf({ foundedYear: String(year) }).foundedYear).toBeUndefined();
    // 2026-12-31T15:00Z is already 2027 in Japan.
    expect(tokyoYear(Date.parse('2026-12-31T15:00:00Z'))).toBe(2027);
  });
});
