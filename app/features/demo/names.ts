// Invented names with their readings. Every name is assembled from parts that carry their own
// reading, so the kana column is always right, and no part is a well-known real brand.
import type { Industry, NamePart } from './industries';
import type { Random } from './random';

const p = (text: string, kana: string, slug: string, en?: string): NamePart => ({ text, kana, slug, en });

/** Place-like and poetic bases: 青葉銀行, 白峰商事. */
export const KANJI_BASES: readonly NamePart[] = [
  p('青葉', 'アオバ', 'aoba'),
  p('若葉', 'ワカバ', 'wakaba'),
  p('白峰', 'シラミネ', 'shiramine'),
  p('翠嶺', 'スイレイ', 'suirei'),
  p('蒼空', 'ソウクウ', 'sokuu'),
  p('光陽', 'コウヨウ', 'koyo'),
  p('瑞光', 'ズイコウ', 'zuiko'),
  p('晴海', 'ハルミ', 'harumi'),
  p('朝凪', 'アサナギ', 'asanagi'),
  p('桜川', 'サクラガワ', 'sakuragawa'),
  p('東雲', 'シノノメ', 'shinonome'),
  p('銀河', 'ギンガ', 'ginga'),
  p('千早', 'チハヤ', 'chihaya'),
  p('星ヶ丘', 'ホシガオカ', 'hoshigaoka'),
  p('緑川', 'ミドリカワ', 'midorikawa'),
  p('泉谷', 'イズミタニ', 'izumitani'),
  p('黒潮', 'クロシオ', 'kuroshio'),
  p('白鷺', 'シラサギ', 'shirasagi'),
  p('鳳凰', 'ホウオウ', 'hoo'),
  p('大樹', 'タイジュ', 'taiju'),
  p('清流', 'セイリュウ', 'seiryu'),
  p('碧海', 'ヘキカイ', 'hekikai'),
  p('陽和', 'ヨウワ', 'yowa'),
  p('八雲', 'ヤクモ', 'yakumo'),
  p('秋津', 'アキツ', 'akitsu'),
  p('葵', 'アオイ', 'aoi'),
  p('楓', 'カエデ', 'kaede'),
  p('椿', 'ツバキ', 'tsubaki'),
  p('朝霧', 'アサギリ', 'asagiri'),
  p('夕陽', 'ユウヒ', 'yuhi'),
  p('光風', 'コウフウ', 'kofu'),
  p('有明', 'アリアケ', 'ariake'),
  p('錦', 'ニシキ', 'nishiki'),
  p('誠和', 'セイワ', 'seiwa'),
  p('晴嵐', 'セイラン', 'seiran'),
  p('紫雲', 'シウン', 'shiun'),
  p('春日', 'カスガ', 'kasuga'),
  p('朱鷺', 'トキ', 'toki'),
  p('松風', 'マツカゼ', 'matsukaze'),
  p('白銀', 'シロガネ', 'shirogane'),
  p('月光', 'ゲッコウ', 'gekko'),
  p('天翔', 'テンショウ', 'tensho'),
  p('凌雲', 'リョウウン', 'ryoun'),
  p('雅', 'ミヤビ', 'miyabi'),
  p('悠久', 'ユウキュウ', 'yukyu'),
  p('湊', 'ミナト', 'minato'),
  p('潮見', 'シオミ', 'shiomi'),
  p('和泉', 'イズミ', 'izumi'),
  p('瑠璃', 'ルリ', 'ruri'),
  p('琥珀', 'コハク', 'kohaku'),
  p('大地', 'ダイチ', 'daichi'),
  p('新緑', 'シンリョク', 'shinryoku'),
  p('旭日', 'キョクジツ', 'kyokujitsu'),
  p('山吹', 'ヤマブキ', 'yamabuki'),
  p('深山', 'ミヤマ', 'miyama'),
  p('高嶺', 'タカネ', 'takane'),
  p('南風', 'ナンプウ', 'nanpu'),
  p('瑞鳳', 'ズイホウ', 'zuiho'),
  p('雲雀', 'ヒバリ', 'hibari'),
  p('若草', 'ワカクサ', 'wakakusa'),
  p('白樺', 'シラカバ', 'shirakaba'),
  p('陽光', 'ヨウコウ', 'yoko'),
  p('天城', 'アマギ', 'amagi'),
  p('飛翔', 'ヒショウ', 'hisho'),
  p('隼', 'ハヤブサ', 'hayabusa'),
  p('翡翠', 'ヒスイ', 'hisui'),
  p('紺碧', 'コンペキ', 'konpeki'),
  p('茜', 'アカネ', 'akane'),
  p('藤波', 'フジナミ', 'fujinami'),
  p('岬', 'ミサキ', 'misaki'),
  p('神楽', 'カグラ', 'kagura'),
  p('久遠', 'クオン', 'kuon'),
  p('萌黄', 'モエギ', 'moegi'),
  p('竜胆', 'リンドウ', 'rindo'),
  p('拓洋', 'タクヨウ', 'takuyo'),
  p('創和', 'ソウワ', 'sowa'),
  p('恒星', 'コウセイ', 'kosei'),
  p('蒼穹', 'ソウキュウ', 'sokyu'),
  p('虹橋', 'ニジハシ', 'nijihashi'),
  p('天音', 'アマネ', 'amane'),
  p('共進', 'キョウシン', 'kyoshin'),
  p('翔栄', 'ショウエイ', 'shoei'),
];

/** Founder-style bases for makers, builders and trading houses: 柏木製作所. */
export const SURNAME_BASES: readonly NamePart[] = [
  p('柏木', 'カシワギ', 'kashiwagi'),
  p('宮坂', 'ミヤサカ', 'miyasaka'),
  p('早瀬', 'ハヤセ', 'hayase'),
  p('一ノ瀬', 'イチノセ', 'ichinose'),
  p('朝倉', 'アサクラ', 'asakura'),
  p('杉浦', 'スギウラ', 'sugiura'),
  p('野々村', 'ノノムラ', 'nonomura'),
  p('今泉', 'イマイズミ', 'imaizumi'),
  p('高梨', 'タカナシ', 'takanashi'),
  p('相沢', 'アイザワ', 'aizawa'),
  p('小野寺', 'オノデラ', 'onodera'),
  p('堀井', 'ホリイ', 'horii'),
  p('桐山', 'キリヤマ', 'kiriyama'),
  p('瀬川', 'セガワ', 'segawa'),
  p('真壁', 'マカベ', 'makabe'),
  p('白石', 'シライシ', 'shiraishi'),
  p('久我', 'クガ', 'kuga'),
  p('葛城', 'カツラギ', 'katsuragi'),
  p('鷹野', 'タカノ', 'takano'),
  p('羽山', 'ハヤマ', 'hayama'),
  p('沢渡', 'サワタリ', 'sawatari'),
  p('芹沢', 'セリザワ', 'serizawa'),
];

/** Japanese words written in katakana: ミライテック. */
export const KATAKANA_WORDS: readonly NamePart[] = [
  p('ミライ', 'ミライ', 'mirai', 'Mirai'),
  p('ツバサ', 'ツバサ', 'tsubasa', 'Tsubasa'),
  p('ヒカリ', 'ヒカリ', 'hikari', 'Hikari'),
  p('カケハシ', 'カケハシ', 'kakehashi', 'Kakehashi'),
  p('ミノリ', 'ミノリ', 'minori', 'Minori'),
  p('ハルカ', 'ハルカ', 'haruka', 'Haruka'),
  p('ソラ', 'ソラ', 'sora', 'Sora'),
  p('ミドリ', 'ミドリ', 'midori', 'Midori'),
  p('ヒビキ', 'ヒビキ', 'hibiki', 'Hibiki'),
  p('イロドリ', 'イロドリ', 'irodori', 'Irodori'),
  p('ツナグ', 'ツナグ', 'tsunagu', 'Tsunagu'),
  p('アカリ', 'アカリ', 'akari', 'Akari'),
  p('コトノハ', 'コトノハ', 'kotonoha', 'Kotonoha'),
  p('ユイ', 'ユイ', 'yui', 'Yui'),
  p('ノゾミ', 'ノゾミ', 'nozomi', 'Nozomi'),
  p('アスナロ', 'アスナロ', 'asunaro', 'Asunaro'),
];

/** English words with their katakana: Nova = ノヴァ. */
export const ENGLISH_WORDS: readonly NamePart[] = [
  p('ネクスト', 'ネクスト', 'next', 'Next'),
  p('ウェーブ', 'ウェーブ', 'wave', 'Wave'),
  p('ブリッジ', 'ブリッジ', 'bridge', 'Bridge'),
  p('リンク', 'リンク', 'link', 'Link'),
  p('スマート', 'スマート', 'smart', 'Smart'),
  p('ブルー', 'ブルー', 'blue', 'Blue'),
  p('グリーン', 'グリーン', 'green', 'Green'),
  p('スカイ', 'スカイ', 'sky', 'Sky'),
  p('スター', 'スター', 'star', 'Star'),
  p('ノヴァ', 'ノヴァ', 'nova', 'Nova'),
  p('アーク', 'アーク', 'arc', 'Arc'),
  p('コア', 'コア', 'core', 'Core'),
  p('フォレスト', 'フォレスト', 'forest', 'Forest'),
  p('ハーバー', 'ハーバー', 'harbor', 'Harbor'),
  p('プライム', 'プライム', 'prime', 'Prime'),
  p('ビスタ', 'ビスタ', 'vista', 'Vista'),
  p('ルミナ', 'ルミナ', 'lumina', 'Lumina'),
  p('テラ', 'テラ', 'terra', 'Terra'),
  p('アクア', 'アクア', 'aqua', 'Aqua'),
  p('フィールド', 'フィールド', 'field', 'Field'),
  p('ピーク', 'ピーク', 'peak', 'Peak'),
  p('ライズ', 'ライズ', 'rise', 'Rise'),
  p('トラスト', 'トラスト', 'trust', 'Trust'),
  p('クレスト', 'クレスト', 'crest', 'Crest'),
  p('パルス', 'パルス', 'pulse', 'Pulse'),
  p('クエスト', 'クエスト', 'quest', 'Quest'),
  p('シフト', 'シフト', 'shift', 'Shift'),
  p('フロー', 'フロー', 'flow', 'Flow'),
  p('スパーク', 'スパーク', 'spark', 'Spark'),
  p('フロンティア', 'フロンティア', 'frontier', 'Frontier'),
  p('アクシス', 'アクシス', 'axis', 'Axis'),
  p('オービット', 'オービット', 'orbit', 'Orbit'),
  p('ビビッド', 'ビビッド', 'vivid', 'Vivid'),
  p('クローバー', 'クローバー', 'clover', 'Clover'),
  p('メープル', 'メープル', 'maple', 'Maple'),
  p('サミット', 'サミット', 'summit', 'Summit'),
  p('ネクサス', 'ネクサス', 'nexus', 'Nexus'),
  p('ルナ', 'ルナ', 'luna', 'Luna'),
  p('ブライト', 'ブライト', 'bright', 'Bright'),
  p('ブルーム', 'ブルーム', 'bloom', 'Bloom'),
  p('シード', 'シード', 'seed', 'Seed'),
  p('ポラリス', 'ポラリス', 'polaris', 'Polaris'),
  p('ホライズン', 'ホライズン', 'horizon', 'Horizon'),
  p('キャンバス', 'キャンバス', 'canvas', 'Canvas'),
  p('ビーコン', 'ビーコン', 'beacon', 'Beacon'),
  p('アンカー', 'アンカー', 'anchor', 'Anchor'),
];

const LETTER_KANA: Record<string, string> = {
  A: 'エー',
  B: 'ビー',
  C: 'シー',
  D: 'ディー',
  E: 'イー',
  F: 'エフ',
  G: 'ジー',
  H: 'エイチ',
  I: 'アイ',
  J: 'ジェイ',
  K: 'ケー',
  L: 'エル',
  M: 'エム',
  N: 'エヌ',
  O: 'オー',
  P: 'ピー',
  Q: 'キュー',
  R: 'アール',
  S: 'エス',
  T: 'ティー',
  U: 'ユー',
  V: 'ブイ',
  W: 'ダブリュー',
  X: 'エックス',
  Y: 'ワイ',
  Z: 'ゼット',
};

/** Letters for invented acronyms; vowels-only or famous combinations are avoided by the word list. */
const ACRONYM_LETTERS = 'ABCDEFGHJKLMNPRSTVWXZ';
const BANNED_ACRONYMS = new Set([
  'NTT',
  'KDDI',
  'JR',
  'ANA',
  'JAL',
  'NEC',
  'TDK',
  'IHI',
  'AGC',
  'IBM',
  'HP',
  'SMBC',
  'UFJ',
  'NHK',
  'TBS',
  'JT',
  'KK',
  'DX',
  'AI',
  'IT',
  'HR',
]);

export function acronymKana(letters: string): string {
  return [...letters].map((letter) => LETTER_KANA[letter] ?? '').join('');
}

/** Well-known real names the generator must never produce (checked in the tests too). */
export const REAL_NAME_FRAGMENTS: readonly string[] = [
  'トヨタ',
  'ソニー',
  '三菱',
  '三井',
  '住友',
  '日立',
  '東芝',
  'パナソニック',
  'みずほ',
  '野村',
  '伊藤忠',
  '丸紅',
  'ホンダ',
  '日産',
  '富士通',
  'リクルート',
  '楽天',
  'ソフトバンク',
  '電通',
  '博報堂',
  '資生堂',
  'キリン',
  'アサヒ',
  'サントリー',
  'ユニクロ',
  'キーエンス',
  '任天堂',
];

const ASSOCIATION_FORMS: readonly NamePart[] = [p('一般社団法人', '', ''), p('公益財団法人', '', ''), p('公益社団法人', '', '')];

export type CompanyName = { name: string; kana: string; slug: string; shortName: string; suffix?: NamePart };

type LegalForm = 'prefix' | 'suffix' | 'none';

function withLegalForm(base: string, form: LegalForm): string {
  if (form === 'prefix') return `株式会社${base}`;
  if (form === 'suffix') return `${base}株式会社`;
  return base;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Makes company names for one industry. `used` holds names and slugs already taken, so the
 * caller can keep the whole data set unique; `baseUses` spreads the bases so that one base
 * does not become a conglomerate.
 */
export class CompanyNamer {
  private readonly usedNames = new Set<string>();
  private readonly usedSlugs = new Set<string>();
  private readonly baseUses = new Map<string, number>();

  constructor(private readonly rng: Random) {}

  private pickBase(pool: readonly NamePart[]): NamePart {
    // Prefer bases used less often; a reuse now and then reads like a corporate group.
    const weights = pool.map((part) => 1 / (1 + 4 * (this.baseUses.get(part.text) ?? 0)));
    return pool[this.rng.weightedIndex(weights)] as NamePart;
  }

  private remember(base: NamePart, result: CompanyName): CompanyName | undefined {
    if (this.usedNames.has(result.name) || this.usedSlugs.has(result.slug) || this.usedNames.has(result.shortName)) {
      return undefined;
    }
    if (REAL_NAME_FRAGMENTS.some((fragment) => result.name.includes(fragment) || result.kana.includes(fragment))) {
      return undefined;
    }
    this.usedNames.add(result.name);
    this.usedNames.add(result.shortName);
    this.usedSlugs.add(result.slug);
    this.baseUses.set(base.text, (this.baseUses.get(base.text) ?? 0) + 1);
    return result;
  }

  private legalForm(weights: [number, number, number]): LegalForm {
    return this.rng.weighted<LegalForm>([
      ['prefix', weights[0]],
      ['suffix', weights[1]],
      ['none', weights[2]],
    ]);
  }

  private traditional(industry: Industry): CompanyName | undefined {
    const pool = industry.surnames && this.rng.chance(0.35) ? SURNAME_BASES : KANJI_BASES;
    const base = this.pickBase(pool);
    const suffix = this.rng.pick(industry.kanjiSuffixes);
    const shortName = base.text + suffix.text;
    const kana = base.kana + suffix.kana;
    const slug = `${base.slug}-${suffix.slug}`;
    if (industry.association) {
      const form = this.rng.pick(ASSOCIATION_FORMS);
      return this.remember(base, { name: form.text + shortName, kana, slug, shortName, suffix });
    }
    // Banks, railways and utilities are usually listed without 株式会社.
    const plain = industry.modernShare === 0 ? 0.45 : 0.22;
    const name = withLegalForm(shortName, this.legalForm([0.45, 0.33, plain]));
    return this.remember(base, { name, kana, slug, shortName, suffix });
  }

  private katakana(industry: Industry): CompanyName | undefined {
    const japanese = this.rng.chance(0.35);
    const word = this.pickBase(japanese ? KATAKANA_WORDS : ENGLISH_WORDS);
    let shortName: string;
    let kana: string;
    let slug: string;
    let suffix: NamePart | undefined;
    // A Japanese word only pairs with a business word (ミライテック), never with another English word.
    if (industry.modernSuffixes.length > 0 && (japanese || this.rng.chance(0.7))) {
      suffix = this.rng.pick(industry.modernSuffixes);
      shortName = word.text + suffix.text;
      kana = word.kana + suffix.kana;
      slug = `${word.slug}-${suffix.slug}`;
    } else if (japanese) {
      return undefined;
    } else {
      const second = this.rng.pick(ENGLISH_WORDS);
      if (second.text === word.text) return undefined;
      shortName = word.text + second.text;
      kana = word.kana + second.kana;
      slug = word.slug + second.slug;
    }
    // Katakana-only names without a legal form are common in listings (ミライテック).
    const name = withLegalForm(shortName, this.legalForm([0.4, 0.25, 0.35]));
    return this.remember(word, { name, kana, slug, shortName, suffix });
  }

  private latin(industry: Industry): CompanyName | undefined {
    const japanese = this.rng.chance(0.25);
    const word = this.pickBase(japanese ? KATAKANA_WORDS : ENGLISH_WORDS);
    const first = word.en as string;
    let shortName: string;
    let kana: string;
    let slug: string;
    let suffix: NamePart | undefined;
    const suffixes = industry.modernSuffixes.filter((part) => part.en && part.en.length <= 8);
    if (suffixes.length > 0 && (japanese || this.rng.chance(0.5))) {
      suffix = this.rng.pick(suffixes);
      shortName = first + (suffix.en as string);
      kana = word.kana + suffix.kana;
      slug = word.slug + suffix.slug;
    } else if (japanese) {
      return undefined;
    } else {
      const second = this.rng.pick(ENGLISH_WORDS);
      if (second.text === word.text) return undefined;
      shortName = first + capitalise(second.en as string);
      kana = word.kana + second.kana;
      slug = word.slug + second.slug;
    }
    const name = withLegalForm(shortName, this.legalForm([0.45, 0.55, 0]));
    return this.remember(word, { name, kana, slug, shortName, suffix });
  }

  private acronym(industry: Industry): CompanyName | undefined {
    const length = this.rng.weighted([
      [2, 1],
      [3, 3],
    ] as const);
    let letters = '';
    for (let i = 0; i < length; i++) letters += ACRONYM_LETTERS[this.rng.int(0, ACRONYM_LETTERS.length - 1)];
    if (BANNED_ACRONYMS.has(letters)) return undefined;
    const suffix =
      industry.modernSuffixes.length > 0 && (industry.kanjiSuffixes.length === 0 || this.rng.chance(0.7))
        ? this.rng.pick(industry.modernSuffixes)
        : this.rng.pick(industry.kanjiSuffixes);
    const shortName = letters + suffix.text;
    const kana = acronymKana(letters) + suffix.kana;
    const slug = `${letters.toLowerCase()}-${suffix.slug}`;
    const name = withLegalForm(shortName, this.legalForm([0.6, 0.4, 0]));
    return this.remember(p(letters, '', ''), { name, kana, slug, shortName, suffix });
  }

  private holdings(industry: Industry): CompanyName | undefined {
    const modern = industry.modernShare > 0 && this.rng.chance(industry.modernShare);
    const base = this.pickBase(modern ? KATAKANA_WORDS : industry.surnames && this.rng.chance(0.3) ? SURNAME_BASES : KANJI_BASES);
    // A holding company of a traditional group keeps its industry word: 白峰電機ホールディングス.
    const groupSuffixes = industry.kanjiSuffixes.filter((part) => !/[社組店所]$/.test(part.text));
    const suffix = !modern && groupSuffixes.length > 0 && this.rng.chance(0.5) ? this.rng.pick(groupSuffixes) : undefined;
    const core = base.text + (suffix?.text ?? '');
    const shortName = `${core}ホールディングス`;
    const kana = `${base.kana}${suffix?.kana ?? ''}ホールディングス`;
    const slug = `${base.slug}${suffix ? `-${suffix.slug}` : ''}-hd`;
    const name = withLegalForm(shortName, this.legalForm([0.3, 0.5, 0.2]));
    return this.remember(base, { name, kana, slug, shortName, suffix });
  }

  /** One new, unique name for a company of this industry. */
  next(industry: Industry): CompanyName {
    for (let attempt = 0; attempt < 200; attempt++) {
      let result: CompanyName | undefined;
      if (industry.association) {
        result = this.traditional(industry);
      } else if (this.rng.chance(0.06)) {
        result = this.holdings(industry);
      } else if (industry.kanjiSuffixes.length === 0 || this.rng.chance(industry.modernShare)) {
        const style = this.rng.weighted([
          ['katakana', 0.55],
          ['latin', 0.27],
          ['acronym', 0.18],
        ] as const);
        if (industry.modernSuffixes.length === 0 && style === 'acronym') continue;
        result = style === 'katakana' ? this.katakana(industry) : style === 'latin' ? this.latin(industry) : this.acronym(industry);
      } else {
        result = this.traditional(industry);
      }
      if (result) return result;
    }
    throw new Error(`Could not invent a new company name for ${industry.name}`);
  }
}

// ---------------------------------------------------------------- people

export const SURNAMES: readonly string[] = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
  '山崎',
  '森',
  '池田',
  '橋本',
  '阿部',
  '石川',
  '山下',
  '中島',
  '石井',
  '小川',
  '前田',
  '岡田',
  '長谷川',
  '藤田',
  '後藤',
  '近藤',
  '村上',
  '遠藤',
  '青木',
  '坂本',
  '西村',
  '福田',
  '太田',
  '三浦',
  '藤井',
  '岡本',
  '松田',
  '中川',
  '原田',
  '小野',
  '竹内',
  '金子',
  '和田',
  '中野',
  '上田',
  '森本',
  '柴田',
  '酒井',
  '工藤',
  '横山',
];

export const GIVEN_NAMES: readonly string[] = [
  '大翔',
  '蓮',
  '悠真',
  '湊',
  '陽向',
  '樹',
  '颯太',
  '大和',
  '陸',
  '悠斗',
  '翔太',
  '拓海',
  '健太',
  '優斗',
  '直樹',
  '海斗',
  '駿',
  '誠',
  '亮介',
  '航',
  '結衣',
  '陽菜',
  '美咲',
  '葵',
  'さくら',
  '凛',
  '花音',
  '真央',
  '彩花',
  '七海',
  '美月',
  '楓',
  '芽依',
  '優花',
  '千尋',
  '菜々子',
  '遥',
  '綾乃',
  '日向',
  '奈央',
];

/** Invented universities: plausible, but none of them is a real university's name. */
export const UNIVERSITIES: readonly string[] = [
  '東都大学',
  '青葉学院大学',
  '北陵大学',
  '西都大学',
  '桜ヶ丘大学',
  '緑陵大学',
  '湘洋大学',
  '翠嶺大学',
  '朝霧大学',
  '洛央大学',
  '瑞光女子大学',
  '北斗学園大学',
  '東都工業大学',
  'みなと国際大学',
  '白峰大学',
  '明央学芸大学',
  '城東経済大学',
  '若葉大学',
];

/** Faculties, with what a student of that faculty says they study. */
export const FACULTIES: readonly (readonly [string, string])[] = [
  ['経済学部', '経済学'],
  ['経営学部', '経営学'],
  ['商学部', 'マーケティング'],
  ['法学部', '法律学'],
  ['文学部', '社会学'],
  ['国際教養学部', '国際関係論'],
  ['工学部', '機械工学'],
  ['理工学部', '情報工学'],
  ['理学部', '化学'],
  ['情報学部', 'データサイエンス'],
  ['薬学部', '薬学'],
  ['農学部', '食品科学'],
  ['教育学部', '教育学'],
  ['社会学部', 'メディア論'],
];

export function personName(rng: Random): string {
  return `${rng.pick(SURNAMES)} ${rng.pick(GIVEN_NAMES)}`;
}

export function pickFaculty(rng: Random): { faculty: string; major: string } {
  const [faculty, major] = rng.pick(FACULTIES);
  return { faculty, major };
}
