// Word of mouth (社員クチコミ / 学生クチコミ) and company study reports (企業研究レポート).
// The tone follows the post's rating, so a 2-star review reads like one.
import type { PostSection } from '../../db/schema';
import type { Random } from './random';
import { companyContext, type CompanyProfile } from './subject';
import { fill, paragraph, type TextContext } from './template';

// ---------------------------------------------------------------- employees

const DEPARTMENT_BY_ROLE: readonly (readonly [string, string])[] = [
  ['エンジニア', 'エンジニア'],
  ['ソフトウェア', 'エンジニア'],
  ['研究', '研究開発'],
  ['MR', 'MR'],
  ['施工管理', '施工管理'],
  ['記者', '記者'],
  ['編集', '編集'],
  ['プランナー', 'プランナー'],
  ['コンサルタント', 'コンサルタント'],
  ['販売', '販売'],
  ['講師', '講師'],
  ['デザイナー', 'デザイナー'],
  ['バイヤー', 'バイヤー'],
  ['客室乗務', '客室乗務員'],
  ['整備', '整備'],
  ['技術', '技術'],
  ['営業', '営業'],
];

export function departmentFor(rng: Random, company: CompanyProfile): string {
  const fromRoles = company.roles
    .map((role) => DEPARTMENT_BY_ROLE.find(([key]) => role.includes(key))?.[1])
    .filter((value): value is string => Boolean(value));
  return rng.pick([...fromRoles, '営業', '企画', '管理部門']);
}

export type EmployeeVoice = { department: string; tenure: number; current: boolean; rating: number };

export function employeeTitle(voice: EmployeeVoice): string {
  return `${voice.department}・入社${voice.tenure}年目（${voice.current ? '現職' : '退職済み'}）`;
}

/** Annual salary in 万円 for a tenure, from the industry's typical salary at about 30. */
export function salaryFor(rng: Random, company: CompanyProfile, tenure: number): { now: number; at30: number } {
  const [low, high] = company.industry.salary;
  const at30 = Math.round((low + (high - low) * rng.next()) / 10) * 10;
  const now = Math.round((at30 * (0.62 + 0.048 * Math.min(tenure, 15))) / 10) * 10;
  return { now, at30 };
}

export function employeeSections(rng: Random, company: CompanyProfile, voice: EmployeeVoice): PostSection[] {
  const salary = salaryFor(rng, company, voice.tenure);
  const context: TextContext = {
    ...companyContext(company),
    tenure: voice.tenure,
    salary: salary.now,
    salary30: salary.at30,
  };
  const good = voice.rating >= 4;
  const bad = voice.rating <= 2;

  const culture = paragraph(
    rng,
    {
      lead: [
        good
          ? [
              '{co}は[穏やかで面倒見のよい|若手にも裁量を任せる|チームワークを大切にする]社風で、困ったときに相談しやすい雰囲気があります。',
              '風通しがよく、年次に関係なく意見を言いやすい職場だと感じます。',
            ]
          : bad
            ? [
                '[年功序列の色が濃く|体育会系の雰囲気が残っており]、若手が意見を言いにくい場面はまだ多いと感じます。',
                '部署間の連携があまりうまくいっておらず、調整に時間を取られることが多いです。',
              ]
            : [
                '社風は良くも悪くも[堅実|保守的]で、決められたことをきちんとこなす人が評価される印象です。',
                '落ち着いた雰囲気の職場で、大きな不満はありませんが、変化のスピードはゆっくりです。',
              ],
        bad
          ? ['残業は月[35|40|45]時間ほどで、繁忙期は[60|70]時間を超えることもあります。']
          : [
              '残業は月[10|15|20|25]時間ほどで、繁忙期でも[30|40]時間程度に収まっています。',
              '残業は部署によりますが、私の部署では月[15|20]時間ほどです。',
            ],
      ],
      extra: rng.sample(
        [
          [
            '有給休暇は取得しやすく、年に[10|12|15]日ほどは消化しています。',
            '有給休暇は取れますが、繁忙期は周りに遠慮して取りにくい雰囲気があります。',
          ],
          ['リモートワークは[週2日まで認められています|部署によって運用がまちまちです|制度はあるものの、ほとんど使われていません]。'],
          [
            'フレックスタイム制度があり、子育て中の社員も多く働いています。',
            '育休を取る男性社員も増えてきており、制度は使いやすくなっています。',
          ],
          good
            ? ['上司との距離が近く、1on1で定期的に話を聞いてもらえます。', '困ったときは他部署の先輩にも気軽に相談できる雰囲気です。']
            : [
                '部署によって忙しさの差が大きく、配属次第で働き方がかなり変わります。',
                '会議や社内資料の作成に時間を取られることが多いです。',
              ],
          [
            '社員の平均年齢は[30代半ば|40歳前後]で、落ち着いた人が多い印象です。',
            '中途入社の社員も多く、多様なバックグラウンドの人が働いています。',
          ],
          ['飲み会は多くなく、参加も自由なので気が楽です。', '部署のイベントは年に数回あり、ほどよい距離感で付き合えています。'],
          ['転勤は[数年に一度あります|ほとんどありません|希望がある程度考慮されます]。'],
        ],
        4,
      ),
      min: 150,
      max: 420,
    },
    context,
  );

  const growth = paragraph(
    rng,
    {
      lead: [
        [
          '入社後は[2|3|6]か月ほどの研修があり、その後は{work}を担当しています。',
          '研修のあとに配属され、最初の数年は{work}を中心に経験を積みました。',
        ],
        voice.rating >= 3
          ? [
              '若手のうちから責任のある仕事を任される機会が多く、早く成長したい人には向いている環境です。',
              '{focus}に関わる新しいプロジェクトも増えており、手を挙げれば挑戦させてもらえる雰囲気があります。',
            ]
          : [
              'OJTが中心で、教え方は上司によって差があるのが正直なところです。',
              '同じ業務を長く担当することが多く、キャリアの幅を広げにくいと感じることがあります。',
            ],
      ],
      extra: rng.sample(
        [
          [
            '資格取得の支援制度が充実しており、受験費用は会社が負担してくれます。',
            '外部研修やセミナーへの参加費を補助してもらえる制度があります。',
          ],
          [
            'ジョブローテーションがあり、3〜5年ごとに部署を異動するのが一般的です。',
            '異動は本人の希望がある程度考慮され、年に一度の面談で伝えることができます。',
          ],
          [
            '社内公募の制度があり、希望すれば別の部署に挑戦することもできます。',
            '手を挙げれば海外拠点への短期派遣に参加できる制度もあります。',
          ],
          [
            '先輩社員がメンターとして付く制度があり、仕事以外の相談にも乗ってもらえました。',
            '1年目は先輩がトレーナーとして付き、仕事の基本を一から教わりました。',
          ],
          ['{challenge}という課題があるぶん、新しいやり方を提案すれば受け入れてもらえる土壌があります。'],
          [
            '成長できるかどうかは本人次第で、受け身だと同じ仕事の繰り返しになりがちです。',
            '昇格には社内試験があり、若手のうちは勉強の時間も必要です。',
          ],
        ],
        4,
      ),
      min: 150,
      max: 400,
    },
    context,
  );

  const pay = paragraph(
    rng,
    {
      lead: [
        ['入社{tenure}年目で、年収は{salary}万円ほどです。', '現在の年収は{salary}万円ほどです（入社{tenure}年目）。'],
        ['評価は年2回の面談で決まり、[賞与に反映される部分が大きい|昇給は年功序列の要素が強い|成果がしっかり反映される]仕組みです。'],
      ],
      extra: rng.sample(
        [
          [
            '[住宅手当が手厚く|社宅制度があり]、若手のうちは生活に余裕があります。',
            '住宅手当がないので、都市部で一人暮らしをすると少し厳しいです。',
          ],
          [
            '30歳前後で{salary30}万円程度が目安になると思います。',
            '同期と比べても大きな差はなく、30歳前後で{salary30}万円ほどになるイメージです。',
          ],
          [
            '退職金や企業年金の制度も整っており、長く働くほど安心感があります。',
            '持株会の奨励金があり、長期的な資産形成に役立っています。',
          ],
          [
            '福利厚生はカフェテリアプランで、旅行や自己啓発に使えるのが便利です。',
            '保養所やスポーツクラブの割引など、福利厚生は一通りそろっています。',
          ],
          ['残業代はきちんと全額支払われます。', '賞与は年2回で、業績によって多少変動します。'],
        ],
        4,
      ),
      close: [
        bad
          ? ['業務量を考えると、給与はもう少し上がってほしいと感じます。']
          : ['待遇面で大きな不満はありません。', '同業他社と比べても、待遇は悪くない水準だと思います。'],
      ],
      min: 150,
      max: 380,
    },
    context,
  );

  return [
    { heading: '社風・働き方', body: culture },
    { heading: '成長環境', body: growth },
    { heading: '年収・待遇', body: pay },
  ];
}

// ---------------------------------------------------------------- students

export function studentWordMouthTitle(rng: Random, company: CompanyProfile, graduationYear: number): string {
  return fill(
    rng,
    rng.pick([
      '{co}の説明会・座談会に参加して感じたこと',
      '{co}の社員の印象と選考の雰囲気',
      '{grad}年卒の学生から見た{co}の魅力と気になる点',
      '{co}の説明会に参加した感想',
    ]),
    { co: company.shortName, grad: graduationYear },
  );
}

export function studentWordMouthSections(rng: Random, company: CompanyProfile, rating: number): PostSection[] {
  const context = companyContext(company);
  const good = rating >= 4;
  const bad = rating <= 2;

  const briefing = paragraph(
    rng,
    {
      lead: [
        [
          '[オンライン|対面]の会社説明会と社員座談会に参加しました。',
          '大学で開かれた学内説明会で、初めて{co}の話を聞きました。',
          'OB訪問で、{work}を担当されている社員の方にお話を伺いました。',
        ],
        [
          '説明会では{product}を中心に事業の説明があり、{strength}が強みだと繰り返し話されていました。',
          '事業の説明では、{customers}に向けて{product}を提供していることが丁寧に紹介されました。',
        ],
        bad
          ? [
              '説明会は資料を読み上げる形式が中心で、社員の方の人柄までは見えにくかったです。',
              '質問への回答がやや建前に感じられ、もう少し踏み込んだ話を聞きたかったです。',
            ]
          : [
              '社員の方は皆さん穏やかで、学生の質問にも一つひとつ丁寧に答えてくださいました。',
              '若手社員の方が自分の仕事を生き生きと語っていたのが印象的でした。',
            ],
      ],
      extra: rng.sample(
        [
          [
            '座談会では{work}の具体的な一日の流れを教えていただきました。',
            '座談会では入社の決め手や、働いてみて感じたギャップについても聞くことができました。',
          ],
          ['「{challenge}」についても率直に話してくださり、誠実な会社だという印象を持ちました。'],
          ['参加者は{field}を第一志望にしている学生が多い印象でした。', '参加者は[100|200|300]人ほどで、{field}の人気の高さを感じました。'],
          ['{focus}について質問すると、具体的な事例を交えて説明してくださいました。'],
          [
            '服装は自由と案内があり、私服で参加している学生も多かったです。',
            '質問はチャットでも受け付けていて、気軽に聞ける雰囲気でした。',
          ],
        ],
        3,
      ),
      min: 150,
      max: 400,
    },
    context,
  );

  const selection = paragraph(
    rng,
    {
      lead: [
        [
          good
            ? '選考では[ESと面接|ES、Webテスト、面接]があり、面接は[和やかな|終始穏やかな]雰囲気でした。'
            : bad
              ? '選考では[ESと面接|ES、Webテスト、面接]があり、面接はややかたい雰囲気でした。'
              : '選考では[ESと面接|ES、Webテスト、面接]があり、面接は落ち着いた雰囲気でした。',
          'インターンの選考を受けましたが、ESと面接1回というシンプルな流れでした。',
        ],
      ],
      extra: rng.sample(
        [
          good
            ? ['面接官の方は学生の話をしっかり聞いてくださり、緊張せずに話すことができました。']
            : bad
              ? ['面接官の方は淡々と質問を進めるタイプで、少し緊張しました。']
              : ['面接官の方は落ち着いた方で、こちらの話を最後まで聞いてくださいました。'],
          [
            '「なぜ{co}なのか」をかなり深く聞かれるので、企業研究は欠かせないと思います。',
            '他社の選考状況も聞かれたので、正直に答えました。',
          ],
          good
            ? [
                '人事の方の対応が丁寧で、選考を通じて志望度が上がりました。',
                '選考の合間に社員の方と話せる機会を設けてくださり、ありがたかったです。',
              ]
            : bad
              ? ['連絡が予定より遅れることがあり、少し不安になりました。', '選考の案内が直前に届くことがあり、予定の調整に苦労しました。']
              : ['選考の連絡は早く、スケジュールが立てやすかったです。'],
          [
            '面接では{field}への関心の高さを確かめるような質問が多かったです。',
            '学生時代の経験について、数字を使って説明するよう求められる場面がありました。',
          ],
          ['選考はすべてオンラインで完結したので、移動の負担はありませんでした。', '最終面接だけは本社での対面でした。'],
          [
            'ESの設問は志望動機とガクチカの2問で、オーソドックスな内容でした。',
            'ESには「{co}で挑戦したいこと」という設問があり、企業研究が欠かせませんでした。',
          ],
          [
            'グループ面接の回もあり、ほかの学生の回答を聞けたのは参考になりました。',
            '面接の最後に逆質問の時間があり、{work}について詳しく伺いました。',
          ],
        ],
        5,
      ),
      min: 150,
      max: 380,
    },
    context,
  );

  const verdict = paragraph(
    rng,
    {
      lead: [
        ['学生から見た一番の魅力は、やはり{strength}だと思います。', '魅力は、{strength}を持っていることです。'],
        ['一方で、{challenge}は今後の課題だと感じました。', '気になる点としては、{challenge}が挙げられます。'],
      ],
      extra: rng.sample(
        [
          ['{focus}にどこまで本気で取り組むのかは、説明会でもっと聞いてみたいところです。'],
          [
            '配属先の希望がどこまで通るのかは、事前に確認しておくとよいと思います。',
            '勤務地の希望がどこまで考慮されるかは、人によって気になるポイントだと思います。',
          ],
          ['若手の裁量の大きさは部署によって違うようなので、OB訪問で確かめるのがおすすめです。'],
          [
            '{customers}に向き合う仕事が好きな人には、合っている会社だと思います。',
            '安定志向の人にも挑戦志向の人にも、それぞれ合う部署がありそうだと感じました。',
          ],
        ],
        3,
      ),
      close: [
        good
          ? ['{field}を志望するなら、一度は話を聞いておくべき企業だと思います。']
          : bad
            ? ['志望度は少し下がりましたが、事業自体には魅力を感じています。']
            : ['気になる点も含めて、自分の目で確かめてみることをおすすめします。'],
      ],
      min: 150,
      max: 380,
    },
    context,
  );

  return [
    { heading: '説明会・社員の印象', body: briefing },
    { heading: '選考の雰囲気', body: selection },
    { heading: '魅力と気になる点', body: verdict },
  ];
}

// ---------------------------------------------------------------- company study

export function companyStudyTitle(rng: Random, company: CompanyProfile): string {
  return fill(
    rng,
    rng.pick([
      '{co}の企業研究：{focus}に注目',
      '【企業研究】{co}の強みと課題を整理してみた',
      '{co}のビジネスモデルと今後の成長戦略',
      '企業研究ノート：{co}（{industry}）',
    ]),
    {
      co: company.shortName,
      focus: company.focus,
      industry: company.industry.name,
    },
  );
}

export function companyStudySections(rng: Random, company: CompanyProfile): PostSection[] {
  const scale =
    company.employeeCount >= 5000
      ? '業界大手の一角'
      : company.employeeCount >= 800
        ? '中堅どころ'
        : '規模は大きくないものの、独自の立ち位置を持つ企業';
  const context: TextContext = {
    ...companyContext(company),
    scale,
    employees: company.employeeCount.toLocaleString('en-US'),
    founded: company.foundedYear,
  };

  const business = paragraph(
    rng,
    {
      lead: [
        ['{co}は、{pref}に本社を置く{kind}です。', '{co}は{pref}に本社を構える{kind}で、従業員数は約{employees}名です。'],
        ['主な事業は{product}で、{customers}を主な顧客としています。', '{customers}に向けて、{product}を展開しています。'],
        ['{field}の中では{scale}といえます。'],
      ],
      extra: rng.sample(
        [
          [
            '近年は{focus}にも力を入れており、中期経営計画でも重点分野の一つに挙げられています。',
            '新しい取り組みとして{focus}を進めており、今後の柱に育てようとしていることが分かります。',
          ],
          [
            '決算資料を見ると、売上の大半を{product}が占めており、この事業の動向が業績を大きく左右します。',
            '事業は{product}に集中しており、その分野での存在感が大きいのが特徴です。',
          ],
          [
            '若手社員の多くは、まず{work}を経験するところからキャリアが始まるようです。',
            '新卒社員は{work}に配属されることが多いと、説明会で紹介されていました。',
          ],
          ['創業は{founded}年で、長い歴史の中で築いてきた顧客との関係が事業の土台になっています。'],
        ],
        3,
      ),
      min: 150,
      max: 420,
    },
    context,
  );

  const analysis = paragraph(
    rng,
    {
      lead: [
        ['最大の強みは、{strength}です。', '{co}の強みは{strength}にあると考えます。'],
        ['同業他社と比べても、この点は[明確な差別化要因|大きな武器]になっていると感じます。'],
        ['一方の課題は、{challenge}です。', '課題としては、{challenge}が挙げられます。'],
      ],
      extra: rng.sample(
        [
          ['{field}全体が同じ課題を抱えており、{co}がどのように乗り越えるかが今後の成長を左右すると考えます。'],
          ['公開資料を読むと、{focus}への投資を進めることで、この課題に対応しようとしていることが分かります。'],
          ['説明会でもこの点について質問しましたが、社員の方は課題として率直に認めたうえで、具体的な取り組みを説明してくださいました。'],
          ['強みがはっきりしている分、その強みが通用しない領域でどう戦うかが問われていると感じます。'],
          ['競合と比べると規模では劣る部分もありますが、得意分野に集中する戦略には説得力があります。'],
        ],
        3,
      ),
      min: 150,
      max: 450,
    },
    context,
  );

  const motivation = paragraph(
    rng,
    {
      lead: [
        [
          '志望動機では、{strength}に魅力を感じた理由を、自分の経験と結びつけて語ると説得力が増すと思います。',
          '志望動機を書くときは、{field}の中でなぜ{co}なのかを、強みと結びつけて説明することが大切です。',
        ],
      ],
      extra: rng.sample(
        [
          ['例えば「{aspiration}」を就活の軸にしている人なら、{co}の事業と自然につなげやすいはずです。'],
          ['また、{challenge}について自分なりの考えを持っておくと、面接での深掘りや逆質問にも対応しやすくなります。'],
          ['OB訪問では{work}の具体的な仕事内容を聞いておくと、入社後のイメージを語るときに役立ちます。'],
          ['{focus}について自分が関わりたい理由を語れると、他の学生との差別化にもつながると思います。'],
          ['同業他社の説明会にも参加して比較しておくと、「なぜ{co}なのか」に説得力が出ます。'],
          ['{customers}にどのような価値を届けたいのかを、自分の言葉で語れるようにしておくことが大切です。'],
        ],
        3,
      ),
      min: 150,
      max: 450,
    },
    context,
  );

  return [
    { heading: '事業内容', body: business },
    { heading: '強み・課題', body: analysis },
    { heading: '志望動機への活かし方', body: motivation },
  ];
}
