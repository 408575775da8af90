// Intern experience posts (インターン体験記): 内容, 選考フロー, 感想. The 感想 follows the
// report's nine ratings, so that a report rated 2 for its mentors does not praise them.
import type { PostSection } from '../../db/schema';
import type { Random } from './random';
import { companyContext, type CompanyProfile } from './subject';
import { daysLabel, paragraph, type TextContext } from './template';

export type InternRatings = {
  all: number;
  difficulty: number;
  industryUnderstanding: number;
  companyUnderstanding: number;
  mentor: number;
  growth: number;
  directlyLinkedToOffer: number;
  level: number;
  theme: number;
};

export type SelectionFlow = 'es' | 'es_test' | 'es_interview' | 'es_test_interview' | 'es_gd_interview' | 'es_video';

/** One company's program in one year/season; every report of it describes the same program. */
export type InternProgram = {
  year: number;
  season: 'summer' | 'winter';
  theme: string;
  format: 'in_person' | 'online';
  days: number;
  participants: number;
  team: number;
  flow: SelectionFlow;
  testName: string;
  role: string;
};

export const WEB_TESTS = ['SPI', '玉手箱', 'TG-WEB', 'GAB', 'CAB'] as const;

export function internTitle(program: InternProgram): string {
  const season = program.season === 'summer' ? '夏' : '冬';
  return `${program.year}年 ${season}インターン（${daysLabel(program.days)}）：${program.theme}`;
}

function contextFor(company: CompanyProfile, program: InternProgram): TextContext {
  return {
    ...companyContext(company),
    theme: program.theme,
    year: program.year,
    days: program.days,
    daysLabel: daysLabel(program.days),
    format: program.format === 'online' ? 'オンライン' : '対面',
    venue: program.format === 'online' ? 'オンライン' : `${company.prefName}の本社`,
    season: program.season === 'summer' ? '夏' : '冬',
    participants: program.participants,
    team: program.team,
    testName: program.testName,
    mentorWho: ['若手社員の方', '入社3年目の社員の方', '現場の中堅社員の方', '人事の方'],
    presentTo: ['役員の方', '部長クラスの社員の方', '人事と現場の社員の方'],
    interviewer: ['人事の方', '若手社員の方', '現場の管理職の方'],
    minutes: ['20', '30', '45'],
    role: program.role,
  };
}

const INTRO_ONE_DAY = [
  '1日完結型の{format}プログラムで、テーマは「{theme}」でした。参加者は{participants}名ほどでした。',
  '{format}で開催された1dayインターンに参加しました。テーマは「{theme}」です。',
  '「{theme}」をテーマにした1日のプログラムでした。参加者は{participants}名ほどで、{team}人1組のグループに分かれて進めました。',
  '{season}休みに{co}の1dayインターンに参加しました。{format}開催で、テーマは「{theme}」です。',
  '{co}の{season}の1dayプログラムは、「{theme}」がテーマのグループワーク形式でした。',
];

const INTRO_MULTI = [
  '{daysLabel}の{format}プログラムで、テーマは「{theme}」でした。参加者は{participants}名ほどで、{team}人ずつのチームに分かれて取り組みました。',
  '{season}に{venue}で開催された{daysLabel}のインターンに参加しました。メインのワークは「{theme}」です。',
  '「{theme}」をテーマに、{daysLabel}かけてチームで提案をまとめるプログラムでした。',
  '{co}の{season}インターンに参加しました。{daysLabel}の日程で、テーマは「{theme}」です。',
  '{year}年{season}の{co}のインターンは{daysLabel}・{format}での開催でした。プログラムの中心は「{theme}」です。',
];

const SCHEDULE_ONE_DAY = [
  '午前中は会社説明と{field}の基礎についての講義があり、午後からグループワークに入りました。',
  '前半は社員の方から事業内容の説明を受け、後半は与えられた課題に対してチームで解決策を考えました。',
  '冒頭に{co}の事業説明が30分ほどあり、その後はワーク、発表、社員座談会という流れでした。',
  '最初に{field}の全体像と{co}の立ち位置について講義があり、その知識を前提にケースワークに取り組みました。',
  'ワークの時間は3時間ほどで、残りは会社説明と座談会でした。1日でも会社の雰囲気はつかめます。',
];

const SCHEDULE_SHORT = [
  '初日は{co}の事業についての講義とチームビルディング、2日目からは本格的にワークに取り組み、最終日に社員の方の前で発表しました。',
  '毎朝その日のゴールを確認し、夕方にメンターの方へ進捗を報告するサイクルで進みました。',
  '1日目に業界と会社の説明を受け、その後はチームごとに情報収集と議論を重ねて、最終日に提案を発表する流れでした。',
  '前半でインプットと現状分析、後半で施策の立案と資料づくりを行い、最終日に発表するという構成でした。',
  '初日の午前中に課題が発表され、そこから最終日までチームで議論を重ねていく形式でした。',
];

const SCHEDULE_LONG = [
  '前半は{work}を担当する部署に配属され、社員の方に同行しながら実際の業務を体験しました。',
  '部署に配属される就業型のインターンで、{work}に近い仕事を任せてもらいました。',
  '最初の数日は研修で、その後は現場の部署に分かれ、社員の方と同じように業務に取り組みました。',
  '配属先では一人ずつ課題が与えられ、最終週に部署の方々の前で成果を報告しました。',
  '社員の方と同じフロアで働き、会議にも同席させてもらえたので、実際の働き方がよく分かりました。',
];

const DETAIL = [
  'ワークでは実際に近いデータが用意されており、現状分析から施策の優先順位づけまで一通り経験できました。',
  '各チームに{mentorWho}がメンターとして付き、節目ごとにフィードバックをもらえました。',
  '途中で社員の方への中間報告があり、鋭い指摘を受けて方向性を大きく修正したチームも多かったです。',
  '提案では「{challenge}」という、{co}が実際に抱えている課題を踏まえることが求められました。',
  '資料はスライド10枚程度にまとめるよう指示があり、限られた時間の中で論点を絞る力が求められました。',
  'ワークの題材は{product}に関するもので、{co}の事業を具体的にイメージしながら考えることができました。',
  'インプットの講義では{strength}について詳しい説明があり、{co}ならではの強みを理解できました。',
  'ワークの合間には社員座談会があり、{work}の仕事のやりがいや大変さを率直に聞くことができました。',
  'チームには文系と理系の学生がバランスよく配置されていて、それぞれの視点を持ち寄って議論できました。',
  'ワークの途中で前提条件が変わる追加課題が出され、臨機応変な対応が求められました。',
  '配られた資料の量が多く、必要な情報を取捨選択するのに苦労しました。',
  '提案内容だけでなく、チームでの議論の進め方についてもフィードバックをいただきました。',
  '社員の方が実際に使っている分析の考え方を教えていただき、ワークですぐに試すことができました。',
  '競合他社との比較も求められたので、{field}全体の動向を調べる必要がありました。',
  '講義で{focus}の取り組みが紹介され、ワークでもそれを踏まえた提案が求められました。',
  '{customers}の立場に立って考えることを何度も求められ、視点の置き方の大切さを学びました。',
];

const DETAIL_MULTI_DAY = [
  '2日目には現場社員の方へのヒアリングの時間があり、そこで得た情報が提案の軸になりました。',
  '毎日日報を提出する仕組みがあり、その日の学びを振り返る習慣がつきました。',
  '1日目の夜に課題が出され、チームで遅くまでオンラインで話し合いました。',
  '日ごとにチームの役割を交代するルールがあり、リーダーも書記も一通り経験できました。',
];

const DETAIL_ONLINE = [
  'オンライン開催でしたが、ブレイクアウトルームにこまめに社員の方が様子を見に来てくれたので、進めにくさは感じませんでした。',
  'オンラインだったので移動の負担がなく、地方在住の参加者も多かったです。',
  'オンラインホワイトボードを使い、議論を見える化しながら進めました。',
  'カメラをオンにしての参加が必須で、オンラインでも程よい緊張感がありました。',
];

const DETAIL_IN_PERSON = [
  '対面開催だったため、休憩時間やランチで社員の方と気軽に話せたのがよかったです。',
  'オフィスで実際に働く社員の方の様子を見られたのは、対面ならではの収穫でした。',
  'チームごとに会議室が用意されていて、集中して議論できる環境でした。',
  'お昼には若手社員の方とのランチ会があり、就活の体験談も聞くことができました。',
];

const FINALE = [
  '最終日には{presentTo}の前でプレゼンを行い、チームごとに講評をいただきました。',
  '最後の発表では優秀チームが表彰され、私たちのチームは惜しくも2位でした。',
  '最終発表のあとには懇親会があり、社員の方とざっくばらんに話すことができました。',
  '発表後には一人ひとりにフィードバック面談があり、自分の強みと課題を言語化してもらえました。',
  '最後は{presentTo}から全チームに講評があり、実務の視点での厳しい指摘も多くいただきました。',
  '発表では私たちのチームが優秀賞をいただき、{presentTo}から具体的なフィードバックをもらえました。',
];

const FINALE_LONG = [
  '最終日には配属先の部署で成果報告を行い、部長の方から講評をいただきました。',
  '最後に配属先での取り組みをまとめて発表し、お世話になった社員の方から一人ひとりにコメントをいただきました。',
  '最終日の報告会のあとには懇親会があり、配属先の社員の方とゆっくり話すことができました。',
];

function contentSection(rng: Random, context: TextContext, program: InternProgram): string {
  const intro = program.days === 1 ? INTRO_ONE_DAY : INTRO_MULTI;
  const schedule = program.days === 1 ? SCHEDULE_ONE_DAY : program.days <= 5 ? SCHEDULE_SHORT : SCHEDULE_LONG;
  const formatPool = program.format === 'online' ? DETAIL_ONLINE : DETAIL_IN_PERSON;
  const pool = program.days === 1 ? DETAIL : [...DETAIL, ...DETAIL_MULTI_DAY];
  const details = rng.sample(pool, 5).map((template) => [template]);
  return paragraph(
    rng,
    {
      lead: [intro, schedule],
      extra: [...details, formatPool],
      close: [program.days >= 10 ? FINALE_LONG : FINALE],
      min: 220,
      max: 560,
    },
    context,
  );
}

const FLOW_SUMMARY: Record<SelectionFlow, string[]> = {
  es: ['選考はESのみでした。', '選考はES提出だけで、面接はありませんでした。'],
  es_test: ['選考はESとWebテスト（{testName}）でした。', 'ESの提出とWebテスト（{testName}）の受検があり、その結果で参加者が決まりました。'],
  es_interview: ['ESを提出したあと、{interviewer}との面接が1回ありました。', '選考はESと個人面接1回でした。'],
  es_test_interview: [
    'ES、Webテスト（{testName}）、面接という流れでした。',
    '選考はES、{testName}形式のWebテスト、個人面接の3段階でした。',
  ],
  es_gd_interview: [
    'ES、グループディスカッション、個人面接の3段階の選考でした。',
    'ESのあとにグループディスカッションがあり、通過すると個人面接という流れでした。',
  ],
  es_video: ['ESと動画選考（自己PRを1分で話す形式）でした。', 'ESに加えて、設問に答える1分程度の動画を提出する選考でした。'],
};

const ES_DETAIL = [
  'ESの設問は「学生時代に力を入れたこと」と「インターンへの志望理由」の2問で、それぞれ300字程度でした。',
  'ESでは志望理由に加えて、「あなたが{field}で解決したい課題」という少し考えさせる設問がありました。',
  'ESは400字の設問が2問で、ガクチカは結論から書き、志望理由では{co}のどこに興味があるのかを具体的に書くよう意識しました。',
  'ESでは「なぜ{field}なのか」を自分の経験と結びつけて書くことを意識しました。',
  'ESの設問は「インターンで学びたいこと」と「自分の強み」の2つで、文字数は各200字と短めでした。',
  'ESでは「{theme}」に関連して、自分ならどんな切り口で考えるかを問う設問がありました。',
];

const FLOW_TIPS = [
  [
    '締め切りが早めに設定されていたので、説明会に参加したらすぐにESに取りかかることをおすすめします。',
    '応募の締め切りは説明会から2週間ほどと短かったので、早めの準備をおすすめします。',
  ],
  [
    '説明会への参加が応募の条件になっていたので、早めに予約しておく必要があります。',
    '説明会に参加した学生には、ES提出の案内が個別にメールで届きました。',
  ],
  [
    '選考の案内はマイページに届くので、こまめに確認しておくと安心です。',
    '選考の連絡はすべてマイページ経由だったので、見落とさないよう注意が必要です。',
  ],
  [
    '結果の連絡はES提出から1週間ほどで届きました。',
    '結果はES提出から10日ほどでメールで届きました。',
    '結果が届くまで2週間ほどかかり、少しやきもきしました。',
  ],
  [
    '通過した人の話を聞くと、熱意よりも論理的な分かりやすさが見られているようでした。',
    'OB訪問で聞いた話をESに盛り込んだことが、通過につながったと思います。',
  ],
  [
    '{season}インターンの中では募集開始が早い方だったので、スケジュール管理が大切です。',
    '私は締め切り直前に提出しましたが、特に不利にはならなかったようです。',
  ],
  [
    'ESの文字数は多くないので、一文を短くして読みやすくすることを心がけました。',
    '周りでは{field}を志望している学生の応募がかなり多かったようです。',
  ],
];

const TEST_TIP = [
  'Webテストは{testName}だったので、市販の問題集を1周しておけば十分対応できると思います。',
  '{testName}は時間との勝負なので、形式に慣れておくことが大切です。',
];

const INTERVIEW_DETAIL = [
  '面接は{interviewer}が相手で、時間は{minutes}分ほどでした。ガクチカや志望理由など、ESに沿った基本的な内容が中心です。',
  '面接では「なぜ{field}に興味があるのか」「チームでどんな役割を担うことが多いか」を聞かれました。雰囲気は終始和やかでした。',
  '面接時間は{minutes}分ほどで、最後に逆質問の時間がありました。事前に質問を用意しておいてよかったです。',
  '面接は{interviewer}との1対1で、ESに書いたエピソードを「なぜ」「どうやって」と丁寧に深掘りされました。',
];

const GD_DETAIL = [
  'GDのテーマは「{field}の新しい顧客層を開拓するには」で、学生5人に社員1人が評価していました。',
  'GDは30分で、議論の結論よりも、他の人の意見をどう生かしているかを見られている印象でした。',
];

const DIFFICULTY: Record<number, string[]> = {
  5: [
    '参加人数に対して応募者がかなり多く、倍率は数十倍だったと聞いています。対策は早めにしておくべきです。',
    '周りの参加者も難関大学の学生が多く、選考の難易度はかなり高いと感じました。',
  ],
  4: [
    '倍率は高めだったようで、ESの完成度はしっかり見られている印象でした。',
    '準備なしで通過するのは難しく、ESには一段深い内容が求められると感じました。',
  ],
  3: [
    '難易度は標準的だと思います。志望理由を具体的に書ければ通過できる印象です。',
    '特別な対策は必要ありませんが、ESの基本はきちんと押さえておいた方がよいです。',
  ],
  2: ['ESをきちんと準備すれば、通過はそれほど難しくないと思います。', '選考は比較的易しく、志望度をしっかり伝えれば通過できる印象でした。'],
  1: ['説明会の参加者はほぼ全員参加できたようで、選考の難易度は低めでした。', '選考というより参加の意思確認に近く、難易度は低かったです。'],
};

function flowSection(rng: Random, context: TextContext, program: InternProgram, ratings: InternRatings): string {
  const hasInterview = program.flow === 'es_interview' || program.flow === 'es_test_interview' || program.flow === 'es_gd_interview';
  const hasTest = program.flow === 'es_test' || program.flow === 'es_test_interview';
  const extra: string[][] = [ES_DETAIL, ...FLOW_TIPS];
  if (hasTest) extra.push(TEST_TIP);
  if (hasInterview) extra.push(INTERVIEW_DETAIL);
  if (program.flow === 'es_gd_interview') extra.push(GD_DETAIL);
  return paragraph(
    rng,
    {
      lead: [FLOW_SUMMARY[program.flow]],
      extra: rng.sample(extra, 4),
      close: [DIFFICULTY[ratings.difficulty] as string[]],
      min: 160,
      max: 360,
    },
    context,
  );
}

const OVERALL: Record<number, string[]> = {
  5: [
    '{daysLabel}とは思えないほど濃い内容で、参加して本当によかったです。',
    'これまで参加したインターンの中で、一番満足度の高いプログラムでした。',
  ],
  4: ['全体として満足度の高いインターンでした。', '学びの多いプログラムで、参加してよかったと感じています。'],
  3: [
    '良い点も物足りない点もありましたが、参加する価値はあったと思います。',
    '全体としてはまずまずの内容で、業界を知るきっかけとしては十分でした。',
  ],
  2: ['正直なところ、期待していたほどの学びは得られませんでした。', '悪くはありませんでしたが、内容はやや物足りなく感じました。'],
  1: [
    '内容は説明会に近く、インターンとしては物足りなさが残りました。',
    '残念ながら、時間をかけて参加した割に得られるものは少なかったです。',
  ],
};

type Aspect = { rating: number; high: string[]; low: string[] };

function aspects(ratings: InternRatings): Aspect[] {
  return [
    {
      rating: Math.max(ratings.industryUnderstanding, ratings.companyUnderstanding),
      high: [
        '講義とワークを通じて、{field}のビジネスモデルや{co}の立ち位置がよく理解できました。',
        '{co}が{strength}を武器にしていることが、ワークを通じて実感として分かりました。',
        '{product}がどのように収益につながっているのか、具体的にイメージできるようになりました。',
      ],
      low: [
        'ワークのテーマが抽象的で、{co}の事業そのものへの理解はあまり深まらなかったのが残念です。',
        '業界の説明はあったものの、{co}ならではの特徴はつかみきれませんでした。',
        '会社の説明が短く、事業の全体像は自分で調べて補う必要がありました。',
      ],
    },
    {
      rating: ratings.mentor,
      high: [
        'メンターを務めてくださった{mentorWho}が遅くまで相談に乗ってくださり、面倒見の良さが印象に残っています。',
        'フィードバックがとても具体的で、自分の思考の癖を指摘してもらえたのは大きな収穫でした。',
        '社員の方が学生一人ひとりをよく見てくださっていて、最後に個別にかけてもらった言葉が励みになりました。',
      ],
      low: [
        'メンターの方が複数のチームを掛け持ちしていて、十分に相談できなかったのが心残りです。',
        'フィードバックの時間が短く、もう少し社員の方と話したかったです。',
        '社員の方との接点は発表の講評くらいで、個別に話す機会はほとんどありませんでした。',
      ],
    },
    {
      rating: ratings.growth,
      high: [
        '限られた時間で結論を出す経験を通じて、論理的に考える力が鍛えられたと思います。',
        '自分の強みと足りない部分がはっきりし、就活の方向性を考えるうえでも役立ちました。',
        'チームで意見がぶつかったときの立ち回り方など、ほかではなかなか得られない経験ができました。',
      ],
      low: [
        'ワークの時間が短く、自分の成長につながったかというと少し疑問です。',
        'インプットが中心で、自分で手を動かす時間はあまりありませんでした。',
        '課題の難易度がそれほど高くなく、もう少し負荷があってもよかったと感じました。',
      ],
    },
    {
      rating: ratings.level,
      high: [
        '参加者のレベルも高く、議論の進め方や資料のまとめ方など、同世代から学ぶことが多かったです。',
        'チームのメンバーは優秀な人ばかりで、良い刺激を受けました。',
        '難関大学や留学経験のある学生が多く、議論のスピードについていくのに必死でした。',
      ],
      low: [
        '参加者の意欲には差があり、チームによって議論の盛り上がりにばらつきがありました。',
        '参加者の層は幅広く、議論のレベルは正直なところ普通でした。',
        '発言する人が限られていて、チームでの議論はやや盛り上がりに欠けました。',
      ],
    },
    {
      rating: ratings.theme,
      high: [
        'テーマが実際の事業に即していて、考えていてとても面白かったです。',
        '「{theme}」というテーマは自由度が高く、チームで議論するのが楽しかったです。',
        '{co}が実際に検討しているテーマだと聞き、本気で取り組むことができました。',
      ],
      low: [
        'テーマはやや一般的で、他社のインターンと似ている印象を受けました。',
        'テーマの設定が広すぎて、どこに焦点を当てればよいか迷う場面が多かったです。',
        'テーマと{co}の事業とのつながりが分かりにくく、少しもったいなく感じました。',
      ],
    },
  ];
}

const OFFER: Record<'high' | 'mid' | 'low', string[]> = {
  high: [
    '参加者の一部には早期選考の案内があり、本選考に直結しているという印象です。',
    'インターン後にリクルーター面談が設定され、本選考の一部が免除されました。',
    '評価の高かった参加者には、後日特別選考の案内が届いたようです。',
  ],
  mid: [
    '本選考との関係ははっきり説明されませんでしたが、参加者限定のイベントには招待されました。',
    '優遇があるかは分かりませんが、インターン後も人事の方から何度か連絡をいただきました。',
    '参加者向けの座談会の案内があり、本選考前に社員の方と話す機会をもらえました。',
  ],
  low: [
    '本選考での優遇は特になく、あくまで業界理解のためのプログラムという位置づけでした。',
    '参加しても本選考には直接関係しないと最初に説明がありました。',
    '本選考への優遇は特に感じませんでしたが、志望動機を考える材料にはなりました。',
  ],
};

const ADVICE = [
  '{field}に少しでも興味がある方には、ぜひ参加をおすすめします。',
  '参加するなら、事前に{co}の中期経営計画や決算資料に目を通しておくと、ワークの理解が深まると思います。',
  '志望度が固まっていない段階でも、{field}を知るきっかけとして十分価値があると思います。',
  'これから参加する方は、チームの中で自分がどう貢献するかを意識しておくとよいと思います。',
  '事前に{field}のニュースをいくつか調べておくと、議論で発言しやすくなると思います。',
  '社員の方に質問できる時間が多いので、聞きたいことをあらかじめまとめておくのがおすすめです。',
  '{co}を志望している人はもちろん、{field}を比較検討したい人にも向いているプログラムです。',
];

function impressionSection(rng: Random, context: TextContext, ratings: InternRatings): string {
  // Say something about the aspects that stand out most, as people do in reviews.
  const chosen = rng
    .shuffle(aspects(ratings))
    .sort((a, b) => Math.abs(b.rating - 3) - Math.abs(a.rating - 3))
    .slice(0, rng.int(2, 3));
  const aspectPools = chosen.map((aspect) => (aspect.rating >= 3 ? aspect.high : aspect.low));
  const offer = ratings.directlyLinkedToOffer >= 4 ? OFFER.high : ratings.directlyLinkedToOffer >= 3 ? OFFER.mid : OFFER.low;
  return paragraph(
    rng,
    { lead: [OVERALL[ratings.all] as string[], ...aspectPools], extra: [offer], close: [ADVICE], min: 180, max: 520 },
    context,
  );
}

export function internSections(rng: Random, company: CompanyProfile, program: InternProgram, ratings: InternRatings): PostSection[] {
  const context = contextFor(company, program);
  return [
    { heading: '内容', body: contentSection(rng, context, program) },
    { heading: '選考フロー', body: flowSection(rng, context, program, ratings) },
    { heading: '感想', body: impressionSection(rng, context, ratings) },
  ];
}
