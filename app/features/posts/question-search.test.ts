import { describe, expect, it } from 'vitest';
import {
  classifyQuestion,
  highlightQuestion,
  normalizeQuestionText,
  parseQuestionQuery,
  questionBigrams,
  saysItsLimit,
  withoutWrittenLimit,
  withTheirPosts,
} from './question-search';

describe('normalizeQuestionText', () => {
  it('folds widths, kana and case and drops spaces and punctuation', () => {
    expect(normalizeQuestionText('ｶﾞｸﾁｶ')).toBe('ガクチカ');
    expect(normalizeQuestionText('がくちか')).toBe('ガクチカ');
    expect(normalizeQuestionText('自己ＰＲ（４００字）')).toBe('自己pr400字');
    expect(normalizeQuestionText(' 学生時代に、力を入れたこと。 ')).toBe('学生時代ニ力ヲ入レタコト');
    const once = normalizeQuestionText('「ＡＢＣ」　がくちか');
    expect(normalizeQuestionText(once)).toBe(once);
  });
});

describe('questionBigrams', () => {
  it('gives each pair of neighbouring characters once, and nothing for one character', () => {
    expect(questionBigrams('ア')).toEqual([]);
    expect(questionBigrams('アアア')).toHaveLength(1);
    expect(questionBigrams('ガクチカ')).toHaveLength(3);
    expect(questionBigrams('ガク')).toEqual([(0x30ac * 1114112 + 0x30af) % 2147483647]);
  });
});

describe('parseQuestionQuery', () => {
  it('expands a kind named in any of its phrasings to all of them', () => {
    const ways = ['ガクチカ', 'がくちか', '学生時代に力を入れたこと', '学生時代に最も打ち込んだこと'];
    for (const way of ways) {
      const query = parseQuestionQuery(way)!;
      expect(query.kind?.key, way).toBe('gakuchika');
      expect(query.terms).toContain(normalizeQuestionText('学生時代に最も打ち込んだこと'));
      expect(query.terms).toContain('ガクチカ');
    }
    expect(parseQuestionQuery('自己ＰＲ')!.terms).toEqual(expect.arrayContaining(['自己pr', '長所', '自己紹介']));
  });

  it('searches other words as typed, and refuses one character', () => {
    expect(parseQuestionQuery('チームで挑戦')).toEqual({ key: 'チームデ挑戦', kind: null, terms: ['チームデ挑戦'] });
    expect(parseQuestionQuery('が')).toBeNull();
    expect(parseQuestionQuery('、。')).toBeNull();
  });

  it('leaves out terms that contain another term', () => {
    const terms = parseQuestionQuery('挫折')!.terms;
    expect(terms).toContain('挫折');
    expect(terms).not.toContain('挫折経験');
  });
});

describe('classifyQuestion', () => {
  it('puts each phrasing in its kind, and the rest in none', () => {
    expect(classifyQuestion('あなたが学生時代に最も打ち込んだことは何ですか')?.key).toBe('gakuchika');
    expect(classifyQuestion('当社を志望する理由を教えてください')?.key).toBe('motivation');
    expect(classifyQuestion('あなたの短所と、その克服法')?.key).toBe('weakness');
    expect(classifyQuestion('あなたの強みを教えてください')?.key).toBe('self_pr');
    expect(classifyQuestion('最近気になったニュース')).toBeNull();
  });
});

describe('highlightQuestion', () => {
  it('marks the matched words in the text as written, across widths and kana', () => {
    const parts = highlightQuestion('ｶﾞｸﾁｶと自己ＰＲを教えて', ['ガクチカ', '自己pr']);
    expect(parts).toEqual([
      { text: 'ｶﾞｸﾁｶ', match: true },
      { text: 'と', match: false },
      { text: '自己ＰＲ', match: true },
      { text: 'を教えて', match: false },
    ]);
  });

  it('keeps the text whole when nothing matched', () => {
    expect(highlightQuestion('志望動機', ['ガクチカ'])).toEqual([{ text: '志望動機', match: false }]);
  });
});

describe('written limits', () => {
  it('finds and removes a limit written into the question', () => {
    expect(saysItsLimit('志望動機を教えてください（400字以内）')).toBe(true);
    expect(saysItsLimit('志望動機を教えてください')).toBe(false);
    expect(withoutWrittenLimit('志望動機を教えてください（４００字以内）')).toBe('志望動機を教えてください');
  });
});

describe('withTheirPosts', () => {
  it('keeps the found order and leaves out a question whose post is gone', () => {
    const rows = [{ post_id: '3' }, { post_id: 9 }, { post_id: '3' }];
    const posts = new Map([[3, 'three']]);
    expect(withTheirPosts(rows, posts, (row, post) => `${row.post_id}:${post}`)).toEqual(['3:three', '3:three']);
  });
});
