// The 47 prefectures in JIS X 0401 order, so that the array index + 1 is the prefecture id.

export type Prefecture = { id: number; name: string; kana: string; region: string };

const ROWS: readonly (readonly [string, string, string])[] = [
  ['北海道', 'ホッカイドウ', '北海道'],
  ['青森県', 'アオモリケン', '東北'],
  ['岩手県', 'イワテケン', '東北'],
  ['宮城県', 'ミヤギケン', '東北'],
  ['秋田県', 'アキタケン', '東北'],
  ['山形県', 'ヤマガタケン', '東北'],
  ['福島県', 'フクシマケン', '東北'],
  ['茨城県', 'イバラキケン', '関東'],
  ['栃木県', 'トチギケン', '関東'],
  ['群馬県', 'グンマケン', '関東'],
  ['埼玉県', 'サイタマケン', '関東'],
  ['千葉県', 'チバケン', '関東'],
  ['東京都', 'トウキョウト', '関東'],
  ['神奈川県', 'カナガワケン', '関東'],
  ['新潟県', 'ニイガタケン', '中部'],
  ['富山県', 'トヤマケン', '中部'],
  ['石川県', 'イシカワケン', '中部'],
  ['福井県', 'フクイケン', '中部'],
  ['山梨県', 'ヤマナシケン', '中部'],
  ['長野県', 'ナガノケン', '中部'],
  ['岐阜県', 'ギフケン', '中部'],
  ['静岡県', 'シズオカケン', '中部'],
  ['愛知県', 'アイチケン', '中部'],
  ['三重県', 'ミエケン', '近畿'],
  ['滋賀県', 'シガケン', '近畿'],
  ['京都府', 'キョウトフ', '近畿'],
  ['大阪府', 'オオサカフ', '近畿'],
  ['兵庫県', 'ヒョウゴケン', '近畿'],
  ['奈良県', 'ナラケン', '近畿'],
  ['和歌山県', 'ワカヤマケン', '近畿'],
  ['鳥取県', 'トットリケン', '中国'],
  ['島根県', 'シマネケン', '中国'],
  ['岡山県', 'オカヤマケン', '中国'],
  ['広島県', 'ヒロシマケン', '中国'],
  ['山口県', 'ヤマグチケン', '中国'],
  ['徳島県', 'トクシマケン', '四国'],
  ['香川県', 'カガワケン', '四国'],
  ['愛媛県', 'エヒメケン', '四国'],
  ['高知県', 'コウチケン', '四国'],
  ['福岡県', 'フクオカケン', '九州・沖縄'],
  ['佐賀県', 'サガケン', '九州・沖縄'],
  ['長崎県', 'ナガサキケン', '九州・沖縄'],
  ['熊本県', 'クマモトケン', '九州・沖縄'],
  ['大分県', 'オオイタケン', '九州・沖縄'],
  ['宮崎県', 'ミヤザキケン', '九州・沖縄'],
  ['鹿児島県', 'カゴシマケン', '九州・沖縄'],
  ['沖縄県', 'オキナワケン', '九州・沖縄'],
];

export const PREFECTURES: readonly Prefecture[] = ROWS.map(([name, kana, region], index) => ({
  id: index + 1,
  name,
  kana,
  region,
}));

export const TOKYO = 13;
export const OSAKA = 27;

/**
 * Where head offices are, roughly as in reality: most in Tokyo, then Osaka and the other big
 * cities. Every prefecture still gets a little weight, and the generator places one company in
 * each prefecture before it draws the rest.
 */
export const HEAD_OFFICE_WEIGHTS: ReadonlyMap<number, number> = new Map(
  PREFECTURES.map((p) => {
    const big: Record<number, number> = {
      13: 48, // 東京都
      27: 13, // 大阪府
      23: 6, // 愛知県
      14: 5, // 神奈川県
      40: 3.5, // 福岡県
      28: 2.5, // 兵庫県
      26: 2.2, // 京都府
      1: 1.8, // 北海道
      4: 1.6, // 宮城県
      34: 1.6, // 広島県
      11: 1.5, // 埼玉県
      12: 1.3, // 千葉県
      22: 1.2, // 静岡県
    };
    return [p.id, big[p.id] ?? 0.35];
  }),
);

/** The city part used in text ("東京本社", "大阪本社"): the prefecture name without 都府県. */
export function prefectureShortName(name: string): string {
  if (name === '北海道') return name;
  return name.replace(/[都府県]$/, '');
}
