// Invented job-hunting services (就活サービス) that students review.

export type ServiceCategory = '就活ナビ' | '逆求人' | '就活エージェント' | '口コミサイト' | 'イベント';

export type DemoService = {
  name: string;
  kana: string;
  category: ServiceCategory;
  url: string;
  description: string;
  /** Typical rating students give it, 1..5. */
  quality: number;
};

export const SERVICES: readonly DemoService[] = [
  {
    name: 'キャリアブリッジ',
    kana: 'キャリアブリッジ',
    category: '就活ナビ',
    url: 'https://careerbridge.example.jp',
    description:
      '大手から中小・ベンチャーまで幅広い企業の採用情報を掲載する就活ナビサイトです。説明会の予約やES提出の締め切り管理までアプリで完結します。',
    quality: 3.6,
  },
  {
    name: '就活ナビゲート',
    kana: 'シュウカツナビゲート',
    category: '就活ナビ',
    url: 'https://shukatsu-navigate.example.jp',
    description: '業界研究コラムと自己分析ツールが充実した就活ナビです。就活を始めたばかりの学生でも、やるべきことを順に進められます。',
    quality: 3.3,
  },
  {
    name: 'スカウトキャンパス',
    kana: 'スカウトキャンパス',
    category: '逆求人',
    url: 'https://scout-campus.example.jp',
    description:
      'プロフィールを登録しておくと、興味を持った企業からスカウトが届く逆求人型のサービスです。学生時代の経験を写真や動画でも伝えられます。',
    quality: 4.0,
  },
  {
    name: 'ミライスカウト',
    kana: 'ミライスカウト',
    category: '逆求人',
    url: 'https://mirai-scout.example.jp',
    description: '理系学生やエンジニア志望の学生に強い逆求人サービスです。研究内容や開発経験をもとに、企業から選考の案内が届きます。',
    quality: 3.7,
  },
  {
    name: 'キャリアコンパス・エージェント',
    kana: 'キャリアコンパス・エージェント',
    category: '就活エージェント',
    url: 'https://careercompass-agent.example.jp',
    description:
      '専任のアドバイザーが面談からES添削、面接対策まで伴走する新卒向けの就活エージェントです。学生の志向に合った企業を紹介します。',
    quality: 3.4,
  },
  {
    name: '内定サポートプラス',
    kana: 'ナイテイサポートプラス',
    category: '就活エージェント',
    url: 'https://naitei-support.example.jp',
    description: '中小・中堅の優良企業の紹介に強い就活エージェントです。オンライン面談に対応し、地方の学生も利用しやすいのが特徴です。',
    quality: 3.0,
  },
  {
    name: '就活ラウンジ',
    kana: 'シュウカツラウンジ',
    category: '口コミサイト',
    url: 'https://shukatsu-lounge.example.jp',
    description: '先輩の選考体験記やES、社員の口コミを読める就活口コミサイトです。企業ごとに面接の質問内容や選考フローを確認できます。',
    quality: 3.8,
  },
  {
    name: 'カイシャの声',
    kana: 'カイシャノコエ',
    category: '口コミサイト',
    url: 'https://kaisha-no-koe.example.jp',
    description: '現役社員や元社員による働き方・年収の口コミが集まるサイトです。説明会では聞きにくい職場の実態を知ることができます。',
    quality: 3.2,
  },
  {
    name: 'ジョブフェスタ',
    kana: 'ジョブフェスタ',
    category: 'イベント',
    url: 'https://jobfesta.example.jp',
    description: '全国の主要都市で開催される大規模な合同企業説明会です。1日で数十社の人事担当者から直接話を聞くことができます。',
    quality: 3.5,
  },
  {
    name: '逆求人ミートアップ',
    kana: 'ギャクキュウジンミートアップ',
    category: 'イベント',
    url: 'https://gyakukyujin-meetup.example.jp',
    description:
      '学生がプレゼンを行い、企業の人事担当者と少人数で話せる逆求人型のイベントです。参加企業から特別選考の案内を受けられることもあります。',
    quality: 3.9,
  },
];
