// Entry-sheet posts (インターンES / 本選考ES): each section is a question with its character
// limit and an answer that fits it, as students copy them from their own ES.
import type { PostSection } from '../../db/schema';
import type { Random } from './random';
import { companyContext, type CompanyProfile } from './subject';
import { fill, type TextContext } from './template';
import { EPISODES, IMPRESSIONS, LEARNING_GOALS, type Episode } from './texts-episodes';

type Part = { text: string; keep: number };

const LIMITS = [200, 250, 300, 400, 500, 600] as const;

/**
 * Picks a character limit and drops the least essential sentences until the answer fills
 * 80–100 % of it, the way students write to a limit.
 */
export function fitAnswer(rng: Random, parts: Part[]): { body: string; limit: number } {
  const versions: Part[][] = [parts];
  let current = parts;
  while (current.length > 3) {
    let drop = 0;
    for (let i = 1; i < current.length; i++) {
      if ((current[i] as Part).keep <= (current[drop] as Part).keep) drop = i;
    }
    current = current.filter((_, i) => i !== drop);
    versions.push(current);
  }
  const candidates: { body: string; limit: number }[] = [];
  for (const version of versions) {
    const body = version.map((part) => part.text).join('');
    for (const limit of LIMITS) {
      if (body.length <= limit && body.length >= limit * 0.8) candidates.push({ body, limit });
    }
  }
  if (candidates.length > 0) return rng.pick(candidates);
  const body = parts.map((part) => part.text).join('');
  return { body, limit: LIMITS.find((limit) => limit >= body.length) ?? 800 };
}

function part(rng: Random, templates: readonly string[], context: TextContext, keep: number): Part {
  return { text: fill(rng, rng.pick(templates), context), keep };
}

function episodeContext(episode: Episode, base: TextContext): TextContext {
  return {
    ...base,
    activity: episode.activity,
    hardship: episode.hardship,
    teamGoal: episode.teamGoal,
    role: episode.role,
    skill: episode.skill,
    strengthMine: episode.strength,
  };
}

function storyParts(rng: Random, episode: Episode, context: TextContext, weights: { intro: number; cause: number }): Part[] {
  return [
    part(rng, episode.intro, context, weights.intro),
    part(rng, episode.problem, context, 8),
    part(rng, episode.cause, context, weights.cause),
    part(rng, episode.actions[0], context, 9),
    part(rng, episode.actions[1], context, 5),
    part(rng, episode.result, context, 9),
  ];
}

type Selection = 'intern' | 'recruit';

type Question = {
  text: string;
  build: (rng: Random, context: TextContext, episode: Episode, selection: Selection) => Part[];
};

const GAKUCHIKA: Question = {
  text: '[学生時代に力を入れたことを教えてください|学生時代に最も力を入れて取り組んだことについて教えてください|あなたが学生時代に最も打ち込んだことは何ですか]',
  build: (rng, context, episode, selection) => [
    part(rng, ['私が学生時代に最も力を入れたことは、{activity}です。', '私が学生時代に力を入れたのは、{activity}です。'], context, 10),
    ...storyParts(rng, episode, context, { intro: 3, cause: 4 }),
    part(rng, ['この経験から、{skill}を身につけました。', 'この経験を通じて、{skill}を養うことができました。'], context, 7),
    ...(selection === 'recruit'
      ? [
          part(
            rng,
            [
              '貴社でもこの経験で培った力を活かし、{work}で成果を出したいと考えています。',
              '入社後もこの姿勢を大切にし、{work}に粘り強く取り組みたいと考えています。',
            ],
            context,
            6,
          ),
        ]
      : []),
  ],
};

const SELF_PR: Question = {
  text: '[自己PRをしてください|あなたの強みと、それを発揮したエピソードを教えてください|あなたの強みを具体的なエピソードを交えて教えてください]',
  build: (rng, context, episode, selection) => [
    part(rng, ['私の強みは、{strengthMine}です。', '私の強みは「{strengthMine}」です。'], context, 10),
    part(rng, ['この強みが最も発揮されたのは、{activity}です。', 'この強みは、{activity}で発揮されました。'], context, 8),
    ...storyParts(rng, episode, context, { intro: 2, cause: 3 }),
    selection === 'recruit'
      ? part(
          rng,
          [
            '入社後もこの強みを活かし、{work}を通じて貴社に貢献したいと考えています。',
            '貴社でもこの強みを発揮し、{work}で周囲から信頼される存在になりたいと考えています。',
          ],
          context,
          7,
        )
      : part(
          rng,
          [
            'インターンシップでもこの強みを活かし、チームの議論を前に進める役割を担いたいと考えています。',
            '本インターンシップでも、この強みを活かしてチームの成果に貢献したいです。',
          ],
          context,
          7,
        ),
  ],
};

const HARDSHIP: Question = {
  text: '[これまでで最も困難だった経験と、それをどのように乗り越えたかを教えてください|あなたがこれまでに直面した最大の壁と、その乗り越え方を教えてください|挫折経験とそこから学んだことを教えてください]',
  build: (rng, context, episode) => [
    part(rng, ['私がこれまでで最も困難だったのは、{hardship}ことです。', '私にとって最大の壁は、{hardship}ことでした。'], context, 10),
    ...storyParts(rng, episode, context, { intro: 3, cause: 7 }),
    part(
      rng,
      [
        'この経験から、うまくいかないときこそ原因を見極めて行動を変えることの大切さを学びました。',
        'この経験を通じて、困難な状況でも諦めずに打ち手を考え続ける粘り強さを身につけました。',
      ],
      context,
      7,
    ),
  ],
};

const TEAM: Question = {
  text: '[チームで成果を出した経験について教えてください|周囲を巻き込んで何かを成し遂げた経験を教えてください|チームの中であなたが果たした役割を、具体的なエピソードとともに教えてください]',
  build: (rng, context, episode) => [
    part(
      rng,
      ['私がチームで成果を出した経験は、{teamGoal}ことです。', '私が周囲を巻き込んで成し遂げた経験は、{teamGoal}ことです。'],
      context,
      10,
    ),
    part(
      rng,
      [
        '私は{role}として、チームの課題を整理し、全員が同じ方向を向けるようにする役割を担いました。',
        '私は{role}として、メンバーの意見を引き出しながら議論をまとめる役割を担いました。',
      ],
      context,
      6,
    ),
    part(rng, episode.problem, context, 8),
    part(rng, episode.actions[0], context, 9),
    part(rng, episode.actions[1], context, 6),
    part(rng, episode.result, context, 9),
    part(
      rng,
      [
        'この経験から、{skill}の大切さを学びました。',
        'この経験を通じて、チームで成果を出すには一人ひとりの強みを生かす仕組みが欠かせないと学びました。',
      ],
      context,
      7,
    ),
  ],
};

const MOTIVATION_RECRUIT: Question = {
  text: '[当社を志望する理由を教えてください|当社を志望する理由と、入社後に実現したいことを教えてください|数ある企業の中で、なぜ当社を志望するのか教えてください]',
  build: (rng, context) => [
    part(
      rng,
      [
        '私が貴社を志望する理由は、「{aspiration}」を仕事にしたいと考えているからです。',
        '私は「{aspiration}」を就職活動の軸にしており、それを最も実現できるのが貴社だと考えて志望しました。',
      ],
      context,
      10,
    ),
    part(rng, ['そう考えるようになったのは、{activity}の経験がきっかけです。', 'この軸は、{activity}の経験から生まれました。'], context, 6),
    part(
      rng,
      [
        'その中で、相手の立場に立って行動することで、人の役に立てる喜びを実感しました。',
        '周囲と力を合わせて成果を出す中で、誰かの挑戦を支える仕事にやりがいを感じるようになりました。',
      ],
      context,
      5,
    ),
    part(
      rng,
      [
        '{field}の中でも貴社を志望するのは、{strength}に強く魅力を感じているからです。',
        '中でも貴社には{strength}という強みがあり、お客様に本当に必要な価値を届けられると考えました。',
      ],
      context,
      9,
    ),
    part(
      rng,
      [
        '説明会や座談会では、社員の方が{impression}姿が印象的で、この環境で成長したいという思いが強くなりました。',
        'OB訪問では、社員の方が{impression}姿に触れ、貴社で働きたいという気持ちが確かなものになりました。',
      ],
      { ...context, impression: IMPRESSIONS },
      5,
    ),
    part(
      rng,
      [
        '入社後はまず{work}で経験を積み、将来的には{focus}に携わりたいと考えています。',
        '入社後は{work}を通じて現場を深く理解し、いずれは{focus}を推進する立場になりたいです。',
      ],
      context,
      8,
    ),
  ],
};

const MOTIVATION_INTERN: Question = {
  text: '[本インターンシップへの志望理由を教えてください|本インターンシップに応募した理由を教えてください|当社のインターンシップに参加したい理由を教えてください]',
  build: (rng, context) => [
    part(
      rng,
      [
        '私が本インターンシップに応募した理由は、{field}の仕事への理解を深めたいと考えたからです。',
        '{field}に関心があり、中でも{strength}に強みがある貴社の仕事を間近で体感したいと考えて応募しました。',
      ],
      context,
      10,
    ),
    part(
      rng,
      [
        '大学では{major}を学んでおり、その知識が実際のビジネスでどのように生かされているのかに興味があります。',
        '大学で{major}を学ぶ中で、学んだことを社会でどう生かせるのかを考えるようになりました。',
      ],
      context,
      6,
    ),
    part(
      rng,
      [
        '特に「{theme}」というプログラムの内容に惹かれ、{learnGoal}を実践の中で学びたいと考えています。',
        '「{theme}」のワークを通じて、{learnGoal}を肌で感じたいと考えています。',
      ],
      { ...context, learnGoal: LEARNING_GOALS },
      9,
    ),
    part(
      rng,
      [
        'また、社員の方からのフィードバックを通じて、自分に足りない力を把握したいと考えています。',
        'また、意欲の高い参加者と議論することで、自分の視野を広げたいです。',
      ],
      context,
      5,
    ),
    part(
      rng,
      [
        '将来は「{aspiration}」ができる仕事に就きたいと考えており、本インターンシップをその第一歩にしたいです。',
        '「{aspiration}」という将来の目標に近づくため、ぜひ参加させていただきたいです。',
      ],
      context,
      7,
    ),
  ],
};

const LEARN_INTERN: Question = {
  text: '[本インターンシップを通じて学びたいことを教えてください|インターンシップで得たいことと、その理由を教えてください]',
  build: (rng, context) => [
    part(
      rng,
      ['私が本インターンシップで学びたいことは、{learnGoal}です。', '本インターンシップでは、{learnGoal}を学びたいと考えています。'],
      { ...context, learnGoal: LEARNING_GOALS },
      10,
    ),
    part(rng, ['これまで{activity}に取り組む中で、{skill}を磨いてきました。'], context, 7),
    part(
      rng,
      [
        '一方で、それが企業の実際の仕事でどこまで通用するのかは、まだ分かっていません。',
        'しかし、学生の活動と仕事とでは求められる水準が大きく違うと感じています。',
      ],
      context,
      8,
    ),
    part(
      rng,
      [
        '「{theme}」のワークでは、社員の方のフィードバックを積極的に求め、自分の考え方の癖を把握したいと考えています。',
        '「{theme}」のワークを通じて、プロの視点で自分の提案を評価していただきたいです。',
      ],
      context,
      8,
    ),
    part(
      rng,
      [
        'そして、{field}で働く自分の姿を具体的に描けるようにしたいです。',
        'その経験を、今後の業界研究と自分のキャリアを考える土台にしたいと考えています。',
      ],
      context,
      6,
    ),
  ],
};

const FUTURE: Question = {
  text: '[入社後に挑戦したいことを教えてください|当社で実現したいことを具体的に教えてください]',
  build: (rng, context) => [
    part(rng, ['私は入社後、{focus}に挑戦したいと考えています。', '私が貴社で挑戦したいことは、{focus}です。'], context, 10),
    part(rng, ['{field}では{challenge}が大きな課題になっており、これからの貴社の成長を左右するテーマだと考えるからです。'], context, 8),
    part(
      rng,
      [
        'そのためにまずは{work}を通じて現場とお客様を深く理解し、信頼される存在になりたいです。',
        'まずは{work}で基礎を身につけ、お客様の声を誰よりも知る社員になりたいと考えています。',
      ],
      context,
      8,
    ),
    part(rng, ['学生時代に{activity}で培った{skill}は、こうした新しい取り組みでも生かせると考えています。'], context, 6),
    part(
      rng,
      [
        '将来的にはチームを率いる立場として、{focus}を貴社の新たな柱に育てることに貢献したいです。',
        '将来的には、社内外の多くの人を巻き込みながら、新しい価値を生み出せる人材になりたいです。',
      ],
      context,
      7,
    ),
  ],
};

const TEN_YEARS: Question = {
  text: '[10年後、どのような社会人になっていたいか教えてください|あなたが目指す社会人像を教えてください]',
  build: (rng, context) => [
    part(
      rng,
      [
        '10年後には、{work}の経験をもとに、後輩を育てながらチームの成果に責任を持てる社会人になっていたいです。',
        '私が目指すのは、お客様から「あなたに任せたい」と言われる社会人です。',
      ],
      context,
      10,
    ),
    part(rng, ['そのために、入社後の数年間はどんな仕事にも主体的に取り組み、現場での経験を積み重ねたいと考えています。'], context, 8),
    part(rng, ['また、{focus}のような新しい分野にも手を挙げ、自分の専門性を広げていきたいです。'], context, 7),
    part(rng, ['学生時代の{activity}で学んだ{skill}を軸に、周囲から信頼される人材を目指します。'], context, 6),
    part(rng, ['そして最終的には、「{aspiration}」を自分の言葉で語れる社会人でありたいと考えています。'], context, 5),
  ],
};

export function entrySheetTitle(
  rng: Random,
  options: { selection: Selection; year: number; season: 'summer' | 'winter'; graduationYear: number; role: string },
): string {
  const season = options.season === 'summer' ? '夏' : '冬';
  if (options.selection === 'intern') {
    return fill(
      rng,
      rng.pick([
        '{year}年 {season}インターンES（{role}）',
        '{year}年 {season}インターン選考のES（{role}コース）',
        '{grad}年卒 {season}インターンES：{role}',
      ]),
      {
        year: options.year,
        season,
        role: options.role,
        grad: options.graduationYear,
      },
    );
  }
  return fill(rng, rng.pick(['{grad}年卒 本選考ES（{role}）', '{grad}年卒 本選考エントリーシート：{role}', '{grad}年卒 {role} 本選考ES']), {
    grad: options.graduationYear,
    role: options.role,
  });
}

export function entrySheetSections(
  rng: Random,
  company: CompanyProfile,
  options: { selection: Selection; major: string; theme: string },
): PostSection[] {
  const context: TextContext = { ...companyContext(company), major: options.major, theme: options.theme };
  const [first, second] = rng.sample(EPISODES, 2) as [Episode, Episode];
  const questions: Question[] =
    options.selection === 'intern'
      ? [MOTIVATION_INTERN, ...rng.sample([GAKUCHIKA, SELF_PR, LEARN_INTERN, HARDSHIP, TEAM], rng.int(1, 2))]
      : [MOTIVATION_RECRUIT, ...rng.sample([GAKUCHIKA, SELF_PR, FUTURE, HARDSHIP, TEAM, TEN_YEARS], rng.int(2, 3))];
  // Students reuse one main episode but not within the same ES twice in a row.
  let episodeIndex = 0;
  const teamEpisode = rng.pick(EPISODES.filter((episode) => !episode.solo));
  return questions.map((question) => {
    const episode = question === TEAM ? teamEpisode : episodeIndex++ % 2 === 0 ? first : second;
    const parts = question.build(rng, episodeContext(episode, context), episode, options.selection);
    const { body, limit } = fitAnswer(rng, parts);
    return { heading: `${fill(rng, question.text, context)}（${limit}字以内）`, body };
  });
}
