// Search of entry sheets by question (docs/decisions/033-entry-sheet-search.md): the site's
// Japanese normalisation of a question, the kinds of question students search for with their
// synonyms, and the highlighting of what matched. Pure, so that the server and the tests share it.
import { hiraganaToKatakana } from '../../lib/kana';

/** The longest query that is searched (longer ones are cut): a question is rarely longer. */
export const QUESTION_QUERY_MAX = 40;
/** Shorter keys match too much to be useful, and no index serves them. */
export const QUESTION_QUERY_MIN = 2;
/**
 * A search reads at most this many matching questions, newest first: their pages, and the
 * grouping by kind (docs/decisions/033-entry-sheet-search.md).
 */
export const QUESTION_MATCH_CAP = 300;

// Kept in step with question_search_key (migration 0014); an integration test compares them.
const DROPPED = /[ \t\n\r\f\v・·、,.。'"’”「」『』【】()?!:;/]/gu;

/**
 * The search key of a question or a query: full-width and half-width alike (NFKC), ASCII letters
 * lowered, hiragana as katakana, spaces and punctuation dropped.
 */
export function normalizeQuestionText(text: string): string {
  const folded = text.normalize('NFKC').replace(/[A-Z]/g, (ch) => ch.toLowerCase());
  return hiraganaToKatakana(folded).replace(DROPPED, '');
}

/**
 * The key's pairs of neighbouring characters as the integers of question_bigrams (migration
 * 0014): two code points in one number, folded into 31 bits.
 */
export function questionBigrams(key: string): number[] {
  const points = Array.from(key, (ch) => ch.codePointAt(0)!);
  const found = new Set<number>();
  for (let i = 0; i + 1 < points.length; i++) found.add((points[i]! * 1114112 + points[i + 1]!) % 2147483647);
  return [...found].sort((a, b) => a - b);
}

export type QuestionKind = {
  key: string;
  label: string;
  /** Ways the question is phrased; a query equal to any of them searches for all of them. */
  terms: readonly string[];
};

/**
 * The kinds of question that entry sheets keep asking, in the order a question is classified
 * (the first kind with a term in the question wins). A kind's name typed in kana (しぼうどうき)
 * is one of its terms, so that an unconverted query still finds it. The list and why:
 * docs/decisions/033-entry-sheet-search.md.
 */
export const QUESTION_KINDS: readonly QuestionKind[] = [
  {
    key: 'gakuchika',
    label: '学生時代に力を入れたこと（ガクチカ）',
    terms: [
      'ガクチカ',
      '学生時代に力を入れたこと',
      '学生時代に最も力を入れたこと',
      '学生時代に最も打ち込んだこと',
      '学生時代に打ち込んだこと',
      '学生時代に頑張ったこと',
      '学生時代に注力したこと',
      '力を入れて取り組んだこと',
    ],
  },
  {
    key: 'motivation',
    label: '志望動機',
    terms: [
      '志望動機',
      'シボウドウキ',
      '志望理由',
      '志望する理由',
      '志望した理由',
      '応募動機',
      '応募した理由',
      '参加を希望する理由',
      '参加したい理由',
    ],
  },
  {
    key: 'setback',
    label: '挫折経験・困難を乗り越えた経験',
    terms: ['挫折経験', 'ザセツケイケン', '挫折した経験', '挫折', '困難を乗り越えた経験', '困難を乗り越えた', '失敗経験', '失敗した経験'],
  },
  { key: 'weakness', label: '短所・弱み', terms: ['短所', '弱み'] },
  { key: 'self_pr', label: '自己PR・長所', terms: ['自己PR', 'ジコPR', 'ジコピーアール', '自己紹介', '長所', '強み', 'あなたらしさ'] },
  {
    key: 'future',
    label: '入社後にやりたいこと・将来像',
    terms: ['入社後にやりたいこと', '入社後に挑戦したいこと', '入社後に実現したいこと', 'キャリアプラン', '将来の夢', '10年後'],
  },
  { key: 'teamwork', label: 'チームでの経験', terms: ['チームで', 'チームワーク', '周囲を巻き込んだ', 'リーダーシップ'] },
  { key: 'learning', label: 'インターンで学びたいこと', terms: ['学びたいこと', '得たいこと', '身につけたいこと'] },
  // Asked in interviews more than in entry sheets (issue 34's 面接で聞かれた質問).
  {
    key: 'job_hunting',
    label: '就活の軸・他社の選考状況',
    terms: ['就活の軸', '就職活動の軸', '企業選びの軸', 'シュウカツノジク', '他社の選考状況', '他社の選考', '選考状況'],
  },
  { key: 'reverse', label: '逆質問', terms: ['逆質問', 'ギャクシツモン', '何か質問はありますか', '質問はありますか', '何か聞きたいこと'] },
];

export const OTHER_KIND = { key: 'other', label: 'その他の設問' } as const;

type KeyedKind = { kind: QuestionKind; keys: string[] };
const KEYED_KINDS: KeyedKind[] = QUESTION_KINDS.map((kind) => ({ kind, keys: kind.terms.map(normalizeQuestionText) }));

/** The kind a question belongs to, or null for その他. */
export function classifyQuestion(question: string): QuestionKind | null {
  const key = normalizeQuestionText(question);
  return KEYED_KINDS.find(({ keys }) => keys.some((term) => key.includes(term)))?.kind ?? null;
}

/** What a query searches for: its own key, and every phrasing of its kind when it names one. */
export type QuestionQuery = { key: string; kind: QuestionKind | null; terms: string[] };

/** Null when the query is too short to search once normalised. */
export function parseQuestionQuery(raw: string): QuestionQuery | null {
  const key = normalizeQuestionText(raw).slice(0, QUESTION_QUERY_MAX);
  if (Array.from(key).length < QUESTION_QUERY_MIN) return null;
  const named = KEYED_KINDS.find(({ kind, keys }) => keys.includes(key) || normalizeQuestionText(kind.label) === key);
  const terms = new Set([key, ...(named?.keys ?? [])]);
  // A term that contains another adds nothing to an OR of substring matches.
  const minimal = [...terms].filter((term) => ![...terms].some((other) => other !== term && term.includes(other)));
  return { key, kind: named?.kind ?? null, terms: minimal };
}

const WRITTEN_LIMIT = /\s*[（(]?\s*[0-9０-９]{2,4}\s*字(?:以内|程度|まで|前後)?\s*[)）]?/gu;

/** The question without a character limit written into it (「（400字以内）」), for comparing phrasings. */
export function withoutWrittenLimit(question: string): string {
  return question.replace(WRITTEN_LIMIT, '').trim() || question;
}

/** Whether the question already says its character limit. */
export function saysItsLimit(question: string): boolean {
  return new RegExp(WRITTEN_LIMIT.source, 'u').test(question);
}

export type Highlighted = Array<{ text: string; match: boolean }>;

// A character and what NFKC joins to it: combining marks and the half-width (semi-)voiced marks.
const CLUSTER = /[\s\S][\u0300-\u036f\u3099\u309a\uff9e\uff9f]*/gu;

/**
 * The question as written, cut into the parts that matched any of the terms (search keys) and the
 * rest. Each character cluster is normalised on its own to map the key back to the text.
 */
export function highlightQuestion(question: string, terms: readonly string[]): Highlighted {
  const clusters = question.match(CLUSTER) ?? [];
  const owner: number[] = [];
  let key = '';
  clusters.forEach((cluster, index) => {
    const piece = normalizeQuestionText(cluster);
    for (let i = 0; i < piece.length; i++) owner.push(index);
    key += piece;
  });
  const marked = new Array<boolean>(clusters.length).fill(false);
  for (const term of terms) {
    if (!term) continue;
    for (let at = key.indexOf(term); at !== -1; at = key.indexOf(term, at + 1)) {
      for (let i = at; i < at + term.length; i++) marked[owner[i]!] = true;
    }
  }
  const parts: Highlighted = [];
  clusters.forEach((cluster, index) => {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[index]) last.text += cluster;
    else parts.push({ text: cluster, match: marked[index]! });
  });
  return parts;
}

/**
 * The matched questions of a page, each with its post, in the order they were found. A question
 * whose post was unpublished since the search's first statement is left out.
 */
export function withTheirPosts<Row extends { post_id: number | string }, Post, Hit>(
  rows: readonly Row[],
  posts: ReadonlyMap<number, Post>,
  hit: (row: Row, post: Post) => Hit,
): Hit[] {
  return rows.flatMap((row) => {
    const post = posts.get(Number(row.post_id));
    return post ? [hit(row, post)] : [];
  });
}
