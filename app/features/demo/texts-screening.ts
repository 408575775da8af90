// Screening experience posts (本選考体験記): one section per step taken, then 振り返り. The steps
// stop where the student was rejected or is still waiting.
import type { PostSection, ScreeningStep } from '../../db/schema';
import type { Random } from './random';
import { companyContext, type CompanyProfile } from './subject';
import { fill, paragraph, roundLabel, type TextContext } from './template';

export type ScreeningResult = 'offer' | 'rejected' | 'declined' | 'in_progress';

export type ScreeningPlan = {
  graduationYear: number;
  role: string;
  /** The steps taken, in order; interviews carry their round. */
  steps: { kind: ScreeningStep['kind']; round?: number }[];
  /** How many interview rounds the selection has in total (the last is the final). */
  interviewRounds: number;
  result: ScreeningResult;
  testName: string;
  online: boolean;
};

export function planScreening(
  rng: Random,
  options: { graduationYear: number; role: string; testName: string; selectivity: number },
): ScreeningPlan {
  const interviewRounds = rng.weighted([
    [2, 3],
    [3, 4],
    [4, 1.5],
  ] as const);
  const all: ScreeningPlan['steps'] = [{ kind: 'es' }];
  if (rng.chance(0.8)) all.push({ kind: 'web_test' });
  if (rng.chance(0.35)) all.push({ kind: 'gd' });
  for (let round = 1; round <= interviewRounds; round++) all.push({ kind: 'interview', round });
  // The students who are still in selection are the ones graduating latest.
  const inProgressWeight = options.graduationYear >= 2027 ? 4 : 0.3;
  const result = rng.weighted<ScreeningResult>([
    ['offer', 4 - options.selectivity * 0.4],
    ['rejected', 2 + options.selectivity * 0.5],
    ['declined', 1.2],
    ['in_progress', inProgressWeight],
  ]);
  let steps = all;
  if (result === 'rejected') {
    // Most reports come from students who got at least to the first interview.
    const firstInterview = all.findIndex((step) => step.kind === 'interview');
    const stopAt = rng.chance(0.85) ? rng.int(firstInterview, all.length - 1) : rng.int(0, firstInterview - 1);
    steps = all.slice(0, stopAt + 1);
  } else if (result === 'in_progress') {
    const firstInterview = all.findIndex((step) => step.kind === 'interview');
    steps = all.slice(0, rng.int(firstInterview, all.length - 1) + 1);
  }
  return {
    graduationYear: options.graduationYear,
    role: options.role,
    steps,
    interviewRounds,
    result,
    testName: options.testName,
    online: rng.chance(0.5),
  };
}

export function stepLabel(step: { kind: ScreeningStep['kind']; round?: number }, interviewRounds: number): string {
  if (step.kind === 'es') return 'ES';
  if (step.kind === 'web_test') return 'Webテスト';
  if (step.kind === 'gd') return 'GD';
  const round = step.round ?? 1;
  return round === interviewRounds && round > 1 ? '最終面接' : `${roundLabel(round)}面接`;
}

const RESULT_LABEL: Record<ScreeningResult, string> = {
  offer: '内定',
  rejected: '不通過',
  declined: '内定辞退',
  in_progress: '選考中',
};

export function screeningTitle(plan: ScreeningPlan): string {
  return `${plan.graduationYear}年卒 本選考体験記（${plan.role}）【${RESULT_LABEL[plan.result]}】`;
}

const ES_QUESTIONS = [
  '学生時代に力を入れたこと',
  '当社を志望する理由',
  '自己PR',
  '入社後に挑戦したいこと',
  'あなたが大切にしている価値観',
  'チームで成果を出した経験',
];

const INTERVIEW_QUESTIONS = [
  'ガクチカ',
  '志望動機',
  '自己PR',
  '挫折経験',
  'チームで果たした役割',
  '他社の選考状況',
  '入社後にやりたいこと',
  '就活の軸',
  '10年後のキャリア像',
  '最近気になったニュース',
  '周りからどんな人だと言われるか',
];

/** The topics above as a student writes them down as questions asked (聞かれた質問). */
export const ASKED_AS: Record<string, string> = {
  ガクチカ: '学生時代に力を入れたことは何ですか',
  志望動機: '当社を志望する理由を教えてください',
  自己PR: '自己PRをしてください',
  挫折経験: 'これまでの挫折経験と、それをどう乗り越えたかを教えてください',
  チームで果たした役割: 'チームの中で果たした役割を教えてください',
  他社の選考状況: '他社の選考状況を教えてください',
  入社後にやりたいこと: '入社後にやりたいことは何ですか',
  就活の軸: '就職活動の軸は何ですか',
  '10年後のキャリア像': '10年後にどうなっていたいですか',
  最近気になったニュース: '最近気になったニュースは何ですか',
  周りからどんな人だと言われるか: '周りからどんな人だと言われますか',
};

const GD_THEMES = [
  '{field}の市場を10年で2倍にするには',
  '地方から若者が流出するのを防ぐための施策',
  '新入社員の定着率を上げるには',
  '売上が落ちている老舗旅館の立て直し策',
  'キャッシュレス決済をさらに普及させるには',
  '{co}の新規事業を考える',
];

function passedNote(rng: Random): string {
  return fill(
    rng,
    '[結果は{days}日後に{contact}で届きました。|通過の連絡は{days}日後に{contact}で届きました。|{days}日後に{contact}で次の選考の案内がありました。]',
    {
      days: ['2', '3', '5', '7'],
      contact: ['メール', 'マイページ', '電話'],
    },
  );
}

function esStep(rng: Random, context: TextContext, last: boolean, plan: ScreeningPlan, used: Set<string>): string {
  const [q1, q2] = rng.sample(ES_QUESTIONS, 2);
  const lead = [`提出した設問は「${q1}」と「${q2}」の2問で、[それぞれ400字程度|それぞれ300字程度|合わせて800字ほど]でした。`];
  const extra = rng.sample(
    [
      ['{co}は志望理由を特に重視しているようだったので、{strength}に触れながら、自分の経験と結びつけて書きました。'],
      ['提出前にOB訪問で社員の方に見ていただき、{field}ならではの視点が足りないと指摘されて書き直しました。'],
      ['締め切りは複数回に分かれており、早い回に提出した人から面接の案内が届いている印象でした。'],
      ['文字数が多くないので、結論を先に書き、エピソードは一つに絞ることを意識しました。'],
      ['ESの内容は面接でもかなり深掘りされるので、書いたことは具体的に話せるように準備しておくべきです。'],
      ['ESと一緒に履歴書の提出も求められ、証明写真の準備が必要でした。'],
      ['志望理由では「{aspiration}」という自分の軸を示し、それが{co}でなければならない理由を書きました。'],
      ['ガクチカは他社と同じものを使い回しましたが、{co}の求める人物像に合わせて結びの部分だけ書き換えました。'],
      ['大学のキャリアセンターで添削を受け、抽象的な表現を具体的な数字に置き換えました。'],
    ],
    3,
  );
  const close = last && plan.result === 'rejected' ? ['残念ながらESの段階で不通過となりました。'] : [passedNote(rng)];
  return paragraph(rng, { lead: [lead], extra, close: [close], min: 150, max: 400 }, context, used);
}

function testStep(rng: Random, context: TextContext, last: boolean, plan: ScreeningPlan, used: Set<string>): string {
  const lead =
    plan.testName === 'SPI'
      ? [
          '形式はSPIで、テストセンターでの受検でした。言語・非言語・性格検査があります。',
          'WebテストはSPIで、自宅受検かテストセンターかを選べる形式でした。',
        ]
      : ['形式は{testName}で、言語・非言語・性格検査がありました。', 'Webテストは{testName}で、ES提出と同時に自宅で受検しました。'];
  const extra = rng.sample(
    [
      [
        '{testName}は問題数に対して時間が短いので、事前に問題集で形式に慣れておくことが必須だと思います。',
        '{testName}は独特な形式なので、対策本で一度は解いておくことをおすすめします。',
      ],
      [
        'ボーダーはそれほど高くない印象ですが、周りには非言語で苦戦した人もいました。',
        '周りの通過状況を見ると、ボーダーはやや高めに設定されているようでした。',
      ],
      [
        '英語の試験もあり、TOEICの勉強をしていたことが役に立ちました。',
        '言語分野は長文読解が中心で、時間配分に気をつける必要がありました。',
      ],
      [
        '性格検査は正直に答えることを意識しました。回答に一貫性がないと見られてしまうので注意が必要です。',
        '性格検査は設問数が多いので、集中できる時間帯に受けることをおすすめします。',
      ],
      [
        '受検期限はES締め切りの3日後で、早めに受けておいて正解でした。',
        '私は夏のうちに対策を済ませていたので、落ち着いて受けることができました。',
      ],
      [
        '非言語は推論の問題が多く、最後の数問は時間切れになってしまいました。',
        '電卓が使える形式だったので、手元に用意しておくと安心です。',
      ],
    ],
    3,
  );
  const close =
    last && plan.result === 'rejected'
      ? ['残念ながらWebテストで不通過となりました。']
      : ['無事に通過し、次の選考の案内が届きました。', 'ESと合わせて評価されたようで、1週間ほどで通過の連絡がありました。'];
  return paragraph(rng, { lead: [lead], extra, close: [close], min: 150, max: 380 }, context, used);
}

function gdStep(
  rng: Random,
  context: TextContext,
  last: boolean,
  plan: ScreeningPlan,
  used: Set<string>,
): { body: string; questions: string[] } {
  const gdContext = {
    ...context,
    gdTheme: fill(rng, rng.pick(GD_THEMES), context),
    members: ['5', '6'],
    minutes: ['30', '40'],
  };
  const lead = ['テーマは「{gdTheme}」で、学生{members}人に対して社員1人が評価していました。時間は{minutes}分ほどです。'];
  const extra = [
    ['私は書記を担当し、論点を整理して議論の方向性を示すことに徹しました。'],
    ['最初に前提と言葉の定義をそろえることを提案したところ、議論がスムーズに進みました。'],
    ['発言の多い学生がいましたが、その意見も拾いながら結論をまとめることを意識しました。'],
    ['最後にチームごとに発表があり、そこで議論への貢献度も見られていたと思います。'],
    plan.online
      ? ['オンライン開催だったので、発言が重ならないよう、話し始める前に一言断るようにしました。']
      : ['対面での実施で、ホワイトボードを使って意見を整理しながら進めました。'],
  ];
  const close =
    last && plan.result === 'rejected'
      ? ['結果は不通過でした。議論をまとめることに集中しすぎて、自分の意見を十分に出せなかったのが反省点です。']
      : ['通過者は各グループ2人ほどだったようです。', passedNote(rng)];
  return {
    body: paragraph(rng, { lead: [lead], extra, close: [close], min: 170, max: 420 }, gdContext, used),
    questions: [`${gdContext.gdTheme}（GDのテーマ）`],
  };
}

function interviewStep(
  rng: Random,
  context: TextContext,
  step: { round?: number },
  last: boolean,
  plan: ScreeningPlan,
  used: Set<string>,
): { body: string; questions: string[] } {
  const round = step.round ?? 1;
  const isFinal = round === plan.interviewRounds && round > 1;
  const asked = rng.sample(INTERVIEW_QUESTIONS, 3);
  const questions = asked.join('、');
  const [interviewer, count] = isFinal
    ? rng.pick([
        ['役員の方', 1],
        ['役員の方2人', 2],
      ] as const)
    : round === 1
      ? rng.pick([
          ['人事の方', 1],
          ['若手社員の方', 1],
          ['人事の方と若手社員の方', 2],
        ] as const)
      : rng.pick([
          ['現場の管理職の方', 1],
          ['部長クラスの方', 1],
          ['人事部長と現場の課長', 2],
        ] as const);
  const lead = [
    [
      `${plan.online ? 'オンライン' : '対面'}での面接で、面接官は${interviewer}、時間は[20|30|45]分ほどでした。`,
      `面接官は${interviewer}で、学生1人に対して面接官${count}人の形式でした。時間は[30|40]分ほどです。`,
    ],
    [`聞かれたのは${questions}などです。`, `質問は${questions}が中心でした。`],
  ];
  const flavour = isFinal
    ? [
        '最終面接は終始落ち着いた雰囲気で、これまでの面接の内容を確認される場面が多かったです。',
        '最終面接は意思確認に近く、入社の意思をはっきり伝えることが大切だと思います。',
        '役員の方から「{challenge}についてどう考えるか」と聞かれ、事前の企業研究が役立ちました。',
        '役員の方は学生の人柄を見ているようで、経験の中身よりも、そのとき何を考えたかを詳しく聞かれました。',
        '最終面接では「第一志望ですか」とはっきり聞かれたので、迷わず答えられるよう準備しておくべきです。',
      ]
    : round === 1
      ? [
          '雰囲気は和やかで、ESの内容を確認するような質問が中心でした。',
          '一つの回答に対して「なぜ？」と3〜4回深掘りされる形式で、自分の考えを整理しておくことが大切だと感じました。',
          '序盤は緊張をほぐすような雑談から始まり、話しやすい雰囲気をつくってくださいました。',
          'ESに書いたガクチカを中心に、当時の自分の役割や考えたことを細かく聞かれました。',
        ]
      : [
          '「なぜ{co}なのか」を他社と比較しながら何度も問われ、志望度の高さを見られていると感じました。',
          '入社後の働き方を具体的にイメージできているかを確認する質問が多く、{work}について調べておいてよかったです。',
          '現場の視点からの質問が多く、{field}の仕事をどこまで理解しているかを確かめられている印象でした。',
          '一次面接よりも深掘りが鋭く、回答の矛盾を指摘される場面もありました。',
        ];
  const extra = [
    ['逆質問の時間が10分ほどあり、{focus}について質問すると丁寧に答えてくださいました。'],
    ['面接官の方がうなずきながら聞いてくださったので、落ち着いて話すことができました。'],
    ['想定していなかった質問にも、結論から短く答えることを意識しました。'],
    ['逆質問では若手のうちに任される仕事について伺い、入社後のイメージが具体的になりました。'],
    ['面接の最後にフィードバックをいただけたのは、ほかの企業にはない特徴だと思います。'],
    ['途中で「あなたの短所は何ですか」と聞かれ、改善のために取り組んでいることをセットで伝えました。'],
    ['面接官の方が自身のキャリアについても話してくださり、会社の雰囲気がよく伝わってきました。'],
    ['話が長くなりかけたときに「結論だけで大丈夫です」と言われ、簡潔に話すことの大切さを実感しました。'],
    ['事前に提出した自己紹介シートをもとに質問されたので、書いた内容は見直しておくべきです。'],
    ...(isFinal
      ? [
          ['役員の方は終始にこやかでしたが、質問の一つひとつに鋭さがありました。'],
          ['面接の冒頭で、これまでの選考の感想を聞かれました。'],
          ['最後に「何か言い残したことはありますか」と聞かれ、改めて志望度の高さを伝えました。'],
        ]
      : round === 1
        ? [
            ['面接の前に簡単なアンケートの記入があり、それをもとに質問が進みました。'],
            ['同じ時間帯に面接を受けている学生は多く、大量に選考を進めている印象でした。'],
          ]
        : [
            ['前回の面接での回答を踏まえた質問もあり、面接官の間で情報が共有されていると感じました。'],
            ['ケース面接に近い質問もあり、その場で考えて答える力が求められました。'],
          ]),
  ];
  let close: string[];
  if (!last) close = [passedNote(rng)];
  else if (plan.result === 'rejected')
    close = ['残念ながら、この面接で不通過となりました。', '数日後にお祈りのメールが届き、ここで選考終了となりました。'];
  else if (plan.result === 'in_progress')
    close = ['現在は結果を待っているところです。', '結果の連絡はまだ届いておらず、次の案内を待っている状況です。'];
  else close = ['面接の翌日に電話で内定の連絡をいただきました。', '数日後に人事の方から電話があり、内定をいただきました。'];
  const body = paragraph(rng, { lead: [...lead, flavour], extra, close: [close], min: 170, max: 460 }, context, used);
  const written = asked.map((topic) => ASKED_AS[topic] ?? topic);
  // The time for questions of one's own, when the text tells of it.
  if (body.includes('逆質問')) written.push('最後に何か質問はありますか（逆質問）');
  return { body, questions: written };
}

function reflection(rng: Random, context: TextContext, plan: ScreeningPlan, used: Set<string>): string {
  const last = plan.steps[plan.steps.length - 1] ?? { kind: 'es' as const };
  const reflectionContext = {
    ...context,
    stepLabel: stepLabel(last, plan.interviewRounds),
    trait: ['主体性', '論理的に考える力', '周囲を巻き込む力', '誠実さ', '粘り強さ'],
  };
  const advice = [
    ['これから受ける方は、{co}の{strength}について自分なりの考えを持っておくと、面接で話しやすくなると思います。'],
    [
      '面接では毎回「なぜ{field}なのか」「なぜ{co}なのか」を問われるので、他社との違いを自分の言葉で説明できるようにしておくことをおすすめします。',
    ],
    plan.result === 'offer' || plan.result === 'declined'
      ? ['OB訪問で聞いた話を志望理由に盛り込めたことが、評価につながったと感じています。']
      : ['OB訪問をもっと早くから行い、現場の話を志望理由に盛り込めていればと感じています。'],
  ];
  switch (plan.result) {
    case 'offer':
      return paragraph(
        rng,
        {
          lead: [
            ['最終的に内定をいただきました。', '{role}として内定をいただくことができました。'],
            ['振り返ると、{co}の選考では一貫して{trait}を見られていたように思います。'],
          ],
          extra: advice,
          close: [
            [
              '選考を通じて社員の方の人柄にも惹かれ、入社を前向きに考えています。',
              '大変な選考でしたが、そのぶん自分のことを深く考えるよい機会になりました。',
            ],
          ],
          min: 150,
          max: 420,
        },
        reflectionContext,
        used,
      );
    case 'declined':
      return paragraph(
        rng,
        {
          lead: [
            ['内定をいただきましたが、他社とよく比較したうえで辞退しました。'],
            [
              '{co}の社員の方は皆さん誠実で、最後まで迷いました。',
              '事業の安定性や働きやすさには大きな魅力を感じており、最後まで悩みました。',
            ],
          ],
          extra: advice,
          close: [['選考を通じて{field}への理解が深まり、最終的な意思決定にも役立ちました。']],
          min: 150,
          max: 420,
        },
        reflectionContext,
        used,
      );
    case 'rejected':
      return paragraph(
        rng,
        {
          lead: [
            ['最終的には{stepLabel}で不通過となりました。'],
            [
              '今振り返ると、{co}で働きたい理由を自分の経験と結びつけて語りきれていなかったのが敗因だと思います。',
              '面接での回答が抽象的になってしまい、具体的なエピソードで裏づけられなかったことが反省点です。',
            ],
          ],
          extra: advice,
          close: [
            [
              'この反省を生かし、その後の他社の選考では準備の仕方を大きく変えました。',
              '悔しい結果でしたが、自分に足りないものがはっきりした選考でした。',
            ],
          ],
          min: 150,
          max: 420,
        },
        reflectionContext,
        used,
      );
    case 'in_progress':
      return paragraph(
        rng,
        {
          lead: [
            ['現在は{stepLabel}の結果を待っているところです。'],
            ['ここまでの選考では、{trait}を一貫して見られているように感じています。'],
          ],
          extra: advice,
          close: [['結果が出たら、また追記したいと思います。', '最後まで気を抜かずに準備を続けるつもりです。']],
          min: 150,
          max: 400,
        },
        reflectionContext,
        used,
      );
  }
}

export function screeningSections(
  rng: Random,
  company: CompanyProfile,
  plan: ScreeningPlan,
): { sections: PostSection[]; steps: ScreeningStep[] } {
  const context = { ...companyContext(company), role: plan.role, testName: plan.testName };
  const steps: ScreeningStep[] = [];
  const sections: PostSection[] = [];
  const used = new Set<string>();
  plan.steps.forEach((step, index) => {
    const last = index === plan.steps.length - 1;
    const { body, questions } =
      step.kind === 'es'
        ? { body: esStep(rng, context, last, plan, used), questions: [] }
        : step.kind === 'web_test'
          ? { body: testStep(rng, context, last, plan, used), questions: [] }
          : step.kind === 'gd'
            ? gdStep(rng, context, last, plan, used)
            : interviewStep(rng, context, step, last, plan, used);
    const asked = questions.length > 0 ? { questions } : {};
    steps.push(step.round === undefined ? { kind: step.kind, body, ...asked } : { kind: step.kind, round: step.round, body, ...asked });
    sections.push({ heading: stepLabel(step, plan.interviewRounds), body });
  });
  sections.push({ heading: '振り返り', body: reflection(rng, context, plan, used) });
  return { sections, steps };
}
