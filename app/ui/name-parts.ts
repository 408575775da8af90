// Where a proper name (a company, a service) may break across lines (issue 27, point 8;
// docs/decisions/047-line-breaking.md). A name is kept whole (word-break: keep-all) and may break
// only between the parts found here: 「株式会社｜ルミナ｜システムズ」, never 「ルミナシステム｜ズ」.

/** Legal forms written before or after a name. */
const LEGAL_FORMS = [
  '特定非営利活動法人',
  '国立研究開発法人',
  '独立行政法人',
  '一般社団法人',
  '一般財団法人',
  '公益社団法人',
  '公益財団法人',
  '社会福祉法人',
  '国立大学法人',
  '学校法人',
  '医療法人',
  'NPO法人',
  '株式会社',
  '有限会社',
  '合同会社',
  '合資会社',
  '合名会社',
  '（株）',
  '(株)',
  '㈱',
];

/**
 * Katakana words that end many company names (システムズ, リテール, ホールディングス): a name
 * written in one run of katakana may break before them. Only words of three or more letters,
 * so that a word never ends on a look-alike inside another one (コラボ is not コ｜ラボ).
 */
const TRAILING_WORDS = [
  'ホールディングス',
  'インターナショナル',
  'コーポレーション',
  'エンターテインメント',
  'コミュニケーションズ',
  'ライフサイエンス',
  'エレクトロニクス',
  'エンジニアリング',
  'コンサルティング',
  'マーケティング',
  'トレーディング',
  'パブリッシング',
  'テクノロジーズ',
  'テクノロジー',
  'ソリューションズ',
  'ソリューション',
  'エデュケーション',
  'ネットワークス',
  'ネットワーク',
  'ロジスティクス',
  'コスメティクス',
  'インタラクティブ',
  'クリエイティブ',
  'アドバイザリー',
  'エージェンシー',
  'エージェント',
  'ソフトウェア',
  'マテリアルズ',
  'マテリアル',
  'ストラテジー',
  'ビューティー',
  'パートナーズ',
  'ファクトリー',
  'ロボティクス',
  'モビリティ',
  'レジデンス',
  'エクスプレス',
  'エアライン',
  'エステート',
  'キャピタル',
  'ゼミナール',
  'アカデミー',
  'ラーニング',
  'モーターズ',
  'リアルティ',
  'システムズ',
  'システム',
  'ケミカル',
  'エナジー',
  'デジタル',
  'デザイン',
  'アパレル',
  'キャリア',
  'カンパニー',
  'グループ',
  'ジャパン',
  'テレコム',
  'トラベル',
  'リテール',
  'リゾート',
  'スタッフ',
  'スタジオ',
  'ファーマ',
  'ゲームス',
  'ホテルズ',
  'ワークス',
  'メディア',
  'ストア',
  'フーズ',
  'テック',
  'マート',
  'バイオ',
];
const TRAILING_BY_LENGTH = [...TRAILING_WORDS].sort((a, b) => b.length - a.length);

type Kind = 'latin' | 'kanji' | 'katakana' | 'other';

function kindOf(char: string): Kind {
  if (/[\p{Script=Han}々〆ヶ]/u.test(char)) return 'kanji';
  if (/[\p{Script=Katakana}ー]/u.test(char)) return 'katakana';
  if (/[A-Za-z0-9Ａ-Ｚａ-ｚ０-９]/.test(char)) return 'latin';
  return 'other';
}

/** Where a run of katakana may break before a trailing word, as offsets into the run. */
function katakanaBreaks(run: string): number[] {
  const breaks: number[] = [];
  let end = run.length;
  // From the end: 「ルミナシステムズホールディングス」 has two trailing words.
  for (;;) {
    const head = run.slice(0, end);
    const word = TRAILING_BY_LENGTH.find((candidate) => head.endsWith(candidate) && head.length - candidate.length >= 3);
    if (!word) break;
    end -= word.length;
    breaks.unshift(end);
  }
  return breaks;
}

/**
 * The parts of a name between which a line may break: around a legal form (株式会社), where the
 * writing changes between Latin letters, kanji and katakana (MXX｜コミュニケーションズ, 青葉｜システムズ),
 * and before a katakana word that ends many names (パルス｜リテール). Hiragana joins its neighbors
 * (「日の出」 stays whole). Joined again, the parts are the name.
 */
export function nameParts(name: string): string[] {
  const breaks = new Set<number>();
  for (const form of LEGAL_FORMS) {
    for (let at = name.indexOf(form); at >= 0; at = name.indexOf(form, at + form.length)) {
      breaks.add(at);
      breaks.add(at + form.length);
    }
  }
  const chars = Array.from(name);
  let offset = 0;
  let runStart = 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const kind = kindOf(char);
    if (i > 0) {
      const previous = kindOf(chars[i - 1]!);
      if (kind !== previous && kind !== 'other' && previous !== 'other') breaks.add(offset);
      if (kind !== previous) runStart = offset;
    }
    offset += char.length;
    const runEnds = i === chars.length - 1 || kindOf(chars[i + 1]!) !== kind;
    if (kind === 'katakana' && runEnds) {
      for (const at of katakanaBreaks(name.slice(runStart, offset))) breaks.add(runStart + at);
    }
  }
  const points = [...breaks].filter((at) => at > 0 && at < name.length).sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const at of points) {
    parts.push(name.slice(from, at));
    from = at;
  }
  parts.push(name.slice(from));
  return parts;
}
