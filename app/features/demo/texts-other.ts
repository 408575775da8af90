// Quick reports (就活速報), job-hunting service reviews (就活サービス口コミ) and the reasons a
// moderator gives when rejecting a post.
import type { RejectionReason } from '../../db/enums';
import type { PostSection } from '../../db/schema';
import { tokyoWallClock } from '../../lib/tokyo-time';
import type { Random } from './random';
import type { DemoService } from './services';
import { companyContext, type CompanyProfile } from './subject';
import { fill, paragraph } from './template';

// ---------------------------------------------------------------- quick reports

export const QUICK_PHASES = ['ES', 'Webテスト', 'GD', '一次面接', '二次面接', '最終面接'] as const;
export type QuickPhase = (typeof QUICK_PHASES)[number];
export type QuickResult = '通過' | '不通過' | '結果待ち' | '内定';

const NEXT_STEP: Record<QuickPhase, string> = {
  ES: 'Webテスト',
  Webテスト: '一次面接',
  GD: '一次面接',
  一次面接: '二次面接',
  二次面接: '最終面接',
  最終面接: '',
};

const PHASE_LEAD: Record<QuickPhase, string[]> = {
  ES: [
    '{date}締め切りのESを提出しました。設問は「学生時代に力を入れたこと」と「志望理由」の2問です。',
    '{date}にESを提出しました。設問は志望動機と自己PRで、それぞれ400字以内でした。',
  ],
  Webテスト: [
    'ES提出後に{testName}形式のWebテストを受検しました。非言語の問題数が多く、時間が足りなかったです。',
    '{date}に{testName}を受けました。言語・非言語に加えて英語もありました。',
  ],
  GD: [
    '{date}にオンラインでGDがありました。学生6人・40分の形式で、テーマは新規事業の立案でした。',
    '{date}に対面のGDに参加しました。社員1人が学生5人を評価する形式でした。',
  ],
  一次面接: [
    '{date}に一次面接を受けました。面接官は若手社員の方で、時間は30分ほど。ガクチカと志望動機を中心に聞かれました。',
    '{date}にオンラインで一次面接がありました。人事の方との1対1で、ESの内容を深掘りされました。',
  ],
  二次面接: [
    '{date}に二次面接を受けました。現場の管理職の方が相手で、志望度や他社の選考状況を詳しく聞かれました。',
    '{date}に二次面接がありました。「なぜ{co}なのか」をかなり深く聞かれました。',
  ],
  最終面接: [
    '{date}に最終面接を受けました。役員の方2人との面接で、入社の意思をかなり確認されました。',
    '{date}に対面で最終面接がありました。時間は20分ほどで、終始和やかな雰囲気でした。',
  ],
};

const RESULT_TEXT: Record<QuickResult, string[]> = {
  通過: [
    '{days}日後に{contact}で通過の連絡がありました。次は{next}です。',
    '結果は{days}日後に{contact}で届き、無事通過でした。次の{next}に向けて準備します。',
  ],
  不通過: ['{days}日後に不通過の連絡が届きました。悔しいですが、次に切り替えます。', '残念ながら不通過でした。{regret}'],
  結果待ち: ['現在は結果待ちです。連絡が来たら追記します。', 'まだ結果は届いていません。例年は1週間ほどで連絡があるようです。'],
  内定: ['翌日に電話で内定の連絡をいただきました！', '{days}日後に人事の方から電話があり、内定をいただきました。'],
};

const REGRET: Record<QuickPhase, string> = {
  ES: '志望動機をもっと具体的に書くべきだったと反省しています。',
  Webテスト: '非言語の対策が足りなかったと反省しています。',
  GD: '議論の中で自分の意見を十分に出せなかったのが心残りです。',
  一次面接: '深掘りへの準備が足りなかったと反省しています。',
  二次面接: '志望度の高さを伝えきれなかったと反省しています。',
  最終面接: 'あと一歩だっただけに悔しいですが、次に切り替えます。',
};

/** Observations that hold whatever the result was. */
const QUICK_TIPS: Record<QuickPhase, string[]> = {
  ES: ['提出が早い人から順に結果が届いているようです。', 'キャリアセンターで一度添削してもらってから提出しました。'],
  Webテスト: [
    '性格検査もあったので、一貫性を意識して正直に回答しました。',
    '受検期限が短いので、案内が来たら早めに受けることをおすすめします。',
  ],
  GD: [
    '議論をまとめる役よりも、論点を整理する発言が評価されていた印象です。',
    '同じグループの学生はみんなしっかり準備してきている印象でした。',
  ],
  一次面接: ['逆質問の時間もあったので、準備しておくと安心です。', '面接官の方がうなずきながら聞いてくださり、話しやすかったです。'],
  二次面接: ['逆質問では、入社後のキャリアについて質問しました。', '一次面接よりも深掘りが多く、緊張感のある面接でした。'],
  最終面接: ['最後に「入社したら何をしたいか」を改めて聞かれました。', '待合室で一緒だった学生は3人ほどでした。'],
};

export function quickReport(
  rng: Random,
  company: CompanyProfile,
  options: {
    phase: QuickPhase;
    result: QuickResult;
    date: Date;
    graduationYear: number;
    testName: string;
    resultAfterDays: number;
    /** How the result came, when the report's data says it (the text then names it). */
    contact?: string;
  },
): { title: string; sections: PostSection[] } {
  const jst = tokyoWallClock(options.date);
  const context = {
    ...companyContext(company),
    date: `${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日`,
    testName: options.testName,
    days: String(options.resultAfterDays),
    // One name or three: the template draws one either way, so the rest of the text stays as it was.
    contact: options.contact ? [options.contact] : ['メール', 'マイページ', '電話'],
    next: NEXT_STEP[options.phase] || '次の選考',
    regret: REGRET[options.phase],
  };
  const body = paragraph(
    rng,
    {
      lead: [PHASE_LEAD[options.phase]],
      extra: QUICK_TIPS[options.phase].map((tip) => [tip]),
      close: [RESULT_TEXT[options.result]],
      min: 100,
      max: 230,
    },
    context,
  );
  return {
    title: `【${options.phase}】${options.result}（${options.graduationYear}年卒）`,
    sections: [{ heading: '速報', body }],
  };
}

// ---------------------------------------------------------------- service reviews

const GOOD: Record<DemoService['category'], string[]> = {
  就活ナビ: [
    '掲載企業数が多く、大手から中小まで幅広く探せるのが便利でした。',
    '説明会の予約から締め切りの管理までアプリで完結するので、スケジュール管理が楽になりました。',
    '業界研究のコラムが充実していて、就活を始めたばかりの頃に特に役立ちました。',
    '企業ごとの締め切りがカレンダーで確認でき、ESの提出を忘れずに済みました。',
  ],
  逆求人: [
    'プロフィールを充実させると、思ってもいなかった業界の企業からスカウトが届き、視野が広がりました。',
    'スカウト経由だと選考の一部が免除されることもあり、効率よく選考を進められました。',
    'プロフィールを読んだうえで連絡をくれる企業が多く、面接でも話が通じやすかったです。',
    '自分から探すだけでは出会えなかった企業と接点を持てたのが一番の収穫でした。',
  ],
  就活エージェント: [
    '担当のアドバイザーの方がES添削や模擬面接に何度も付き合ってくださり、自信を持って本番に臨めました。',
    '自分では見つけられなかった優良な中堅企業を紹介してもらえました。',
    '面接後に企業からのフィードバックを共有してもらえるのがありがたかったです。',
    '就活の軸が定まっていなかった時期に、面談で考えを整理してもらえたのが大きかったです。',
  ],
  口コミサイト: [
    '実際に選考を受けた学生の体験記が多く、面接の質問内容を事前に把握できました。',
    'ESの通過例を読めるので、書き方の参考になりました。',
    '社員の口コミから、説明会では聞きにくい働き方の実態を知ることができました。',
    '企業ごとに情報がまとまっているので、面接前の確認に重宝しました。',
  ],
  イベント: [
    '1日で多くの企業の人事の方と直接話せるので、業界研究が一気に進みました。',
    'イベント参加者限定の選考ルートを案内してもらえた企業もありました。',
    '少人数のブースが多く、社員の方に気軽に質問できました。',
    '名前を知らなかった企業の話を聞くきっかけになり、視野が広がりました。',
  ],
};

const BAD: Record<DemoService['category'], string[]> = {
  就活ナビ: [
    '通知やメールの数がかなり多く、必要な情報が埋もれてしまうことがありました。',
    '掲載企業は大手が中心で、ベンチャー企業を探すには物足りなさがありました。',
    '検索の条件が細かく指定できず、目当ての企業を探すのに時間がかかりました。',
  ],
  逆求人: [
    '中には明らかに定型文のスカウトもあり、見極めが必要だと感じました。',
    'プロフィールの入力項目が多く、最初の登録に時間がかかりました。',
    'スカウトが届く企業には偏りがあり、志望業界からはあまり連絡が来ませんでした。',
  ],
  就活エージェント: [
    '担当者によって対応の質に差があるようで、合わない場合は変更をお願いした方がよいと思います。',
    '紹介される企業が特定の業界に偏っていると感じることがありました。',
    '連絡の頻度が高く、選考が忙しい時期には少し負担に感じました。',
  ],
  口コミサイト: [
    '企業によっては情報が古く、最新の選考フローと違うことがありました。',
    '口コミの内容にばらつきがあり、複数の情報を見比べる必要があります。',
    '人気企業以外は投稿が少なく、情報が見つからないこともありました。',
  ],
  イベント: [
    '人気企業のブースは混雑していて、ほとんど話を聞けないこともありました。',
    '会場が都市部に限られているため、地方の学生には参加しにくいと思います。',
    'イベントによっては企業紹介が中心で、内容が浅く感じることもありました。',
  ],
};

export function serviceReviewTitle(rng: Random, service: DemoService): string {
  return fill(
    rng,
    rng.pick([
      '{name}を[半年|1年|3か月]ほど使ってみた感想',
      '{name}の良かった点と気になった点',
      '{category}として使いやすい？{name}の口コミ',
    ]),
    {
      name: service.name,
      category: service.category,
    },
  );
}

const GENERIC_GOOD = [
  'スマホからでも見やすく、移動中のすき間時間に使えたのも助かりました。',
  '問い合わせへの返信も早く、安心して使うことができました。',
  '登録や初期設定が簡単で、思い立ったその日から使い始められました。',
];

const GENERIC_BAD = [
  '機能が多い分、使いこなすまでに少し時間がかかりました。',
  '時期によっては情報の更新が遅いと感じることもありました。',
  '登録後しばらくは案内のメールが多く、設定で通知を減らしました。',
];

export function serviceReviewSections(rng: Random, service: DemoService, rating: number): PostSection[] {
  const context = { name: service.name, category: service.category };
  const used = new Set<string>();
  const good = paragraph(
    rng,
    {
      lead: [
        [
          '{name}は大学3年生の[6月|夏|秋]ごろから使い始めました。',
          '周りの友人に勧められて、{name}に登録しました。',
          '就活を始めたばかりの頃に、{name}を使い始めました。',
        ],
      ],
      extra: [...GOOD[service.category], ...GENERIC_GOOD].map((text) => [text]),
      min: rating >= 4 ? 210 : 150,
      max: rating >= 4 ? 420 : 280,
    },
    context,
    used,
  );
  const bad = paragraph(
    rng,
    {
      lead: [],
      extra: [...BAD[service.category], ...GENERIC_BAD].map((text) => [text]),
      close: [
        rating >= 4
          ? ['とはいえ総合的には満足しており、後輩にもおすすめしたいサービスです。', '気になる点はあるものの、使ってよかったと思います。']
          : rating === 3
            ? ['ほかのサービスと併用するのがよいと思います。', '目的を絞って使えば十分役に立つサービスだと思います。']
            : ['個人的には、ほかのサービスを優先して使うことをおすすめします。', '期待していた分、少し残念な印象が残りました。'],
      ],
      min: rating <= 2 ? 210 : 150,
      max: rating <= 2 ? 420 : 280,
    },
    context,
    used,
  );
  return [
    { heading: '良かった点', body: good },
    { heading: '気になった点', body: bad },
  ];
}

// ---------------------------------------------------------------- moderation

/** Reasons a moderator sent a post back: the preset reason and the note shown to the author. */
export const REJECTION_REASONS: ReadonlyArray<{ reason: RejectionReason; note: string }> = [
  {
    reason: 'personal_information',
    note: '企業名以外の個人名など、個人が特定されるおそれのある記述が含まれていたため、非承認としました。該当箇所を修正のうえ、再度ご提出ください。',
  },
  {
    reason: 'insufficient_content',
    note: '本文の文字数が投稿ガイドラインの基準（各項目100文字以上）に達していないため、非承認としました。内容を追記して再提出をお願いします。',
  },
  {
    reason: 'other',
    note: '他サイトや公式資料からの転載と思われる記述が見られたため、非承認としました。ご自身の体験に基づく内容で再提出をお願いします。',
  },
  {
    reason: 'insufficient_content',
    note: '選考内容についての具体的な記述が少なく、ほかの学生の参考になりにくい内容と判断しました。面接で聞かれた質問などを追記してください。',
  },
  {
    reason: 'defamation',
    note: '特定の社員の方を中傷していると受け取られるおそれのある表現が含まれていたため、非承認としました。表現を見直したうえで再提出をお願いします。',
  },
];
