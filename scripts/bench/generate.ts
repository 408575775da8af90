// Bench data, generated inside the database with generate_series so that a million posts take
// seconds, not minutes. Companies are built in JS (names with readings), posts in SQL.
import { closeDatabase, database, openDatabase } from '../../app/db/client.server';
import { postSyncTriggerStatements } from '../../app/db/post-sync.server';
import { TOKYO_TIME_ZONE } from '../../app/lib/tokyo-time';
import { refreshCompanyStats } from '../../app/features/companies/refresh-company-stats.server';
import { INDUSTRIES } from '../../app/features/demo/industries';
import { PREFECTURES } from '../../app/features/demo/prefectures';
import { hashPassword } from '../../app/features/accounts/password.server';
import { createSession } from '../../app/features/accounts/sessions.server';

export type BenchTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

// Name parts with readings: 48 × 48 × 48 combinations cover 100,000 companies with few repeats.
const HEADS: Array<[string, string]> = [
  ['青葉', 'アオバ'],
  ['朝日', 'アサヒ'],
  ['大和', 'ヤマト'],
  ['東都', 'トウト'],
  ['北斗', 'ホクト'],
  ['白樺', 'シラカバ'],
  ['若葉', 'ワカバ'],
  ['桜井', 'サクライ'],
  ['高砂', 'タカサゴ'],
  ['瑞穂', 'ミズホ'],
  ['千代田', 'チヨダ'],
  ['新星', 'シンセイ'],
  ['旭', 'アサヒ'],
  ['光陽', 'コウヨウ'],
  ['翔栄', 'ショウエイ'],
  ['天音', 'アマネ'],
  ['柏木', 'カシワギ'],
  ['藤崎', 'フジサキ'],
  ['ミライ', 'ミライ'],
  ['ネクスト', 'ネクスト'],
  ['アクア', 'アクア'],
  ['ルミナ', 'ルミナ'],
  ['ソラ', 'ソラ'],
  ['ヒカリ', 'ヒカリ'],
  ['ABC', 'エービーシー'],
  ['NEXT', 'ネクスト'],
  ['Nova', 'ノヴァ'],
  ['Axis', 'アクシス'],
  ['Blue', 'ブルー'],
  ['Link', 'リンク'],
  ['みどり', 'ミドリ'],
  ['あけぼの', 'アケボノ'],
  ['港', 'ミナト'],
  ['星野', 'ホシノ'],
  ['岬', 'ミサキ'],
  ['隼', 'ハヤブサ'],
  ['茜', 'アカネ'],
  ['葵', 'アオイ'],
  ['雅', 'ミヤビ'],
  ['鷹野', 'タカノ'],
  ['凌雲', 'リョウウン'],
  ['竜胆', 'リンドウ'],
  ['神楽', 'カグラ'],
  ['早瀬', 'ハヤセ'],
  ['浅葱', 'アサギ'],
  ['紺野', 'コンノ'],
  ['榊', 'サカキ'],
  ['楓', 'カエデ'],
];
const MIDDLES: Array<[string, string]> = [
  ['', ''],
  ['情報', 'ジョウホウ'],
  ['総合', 'ソウゴウ'],
  ['中央', 'チュウオウ'],
  ['国際', 'コクサイ'],
  ['日本', 'ニホン'],
  ['デジタル', 'デジタル'],
  ['グローバル', 'グローバル'],
  ['メディカル', 'メディカル'],
  ['フード', 'フード'],
  ['エナジー', 'エナジー'],
  ['ライフ', 'ライフ'],
  ['産業', 'サンギョウ'],
  ['技研', 'ギケン'],
  ['化成', 'カセイ'],
  ['精工', 'セイコウ'],
  ['通信', 'ツウシン'],
  ['交通', 'コウツウ'],
  ['ネット', 'ネット'],
  ['クラウド', 'クラウド'],
  ['データ', 'データ'],
  ['スマート', 'スマート'],
  ['ワークス', 'ワークス'],
  ['プラス', 'プラス'],
  ['西日本', 'ニシニホン'],
  ['東日本', 'ヒガシニホン'],
  ['第一', 'ダイイチ'],
  ['新', 'シン'],
  ['大', 'ダイ'],
  ['共栄', 'キョウエイ'],
  ['未来', 'ミライ'],
  ['創造', 'ソウゾウ'],
  ['環境', 'カンキョウ'],
  ['住宅', 'ジュウタク'],
  ['物流', 'ブツリュウ'],
  ['金融', 'キンユウ'],
  ['電子', 'デンシ'],
  ['光学', 'コウガク'],
  ['重工', 'ジュウコウ'],
  ['薬品', 'ヤクヒン'],
  ['食品', 'ショクヒン'],
  ['観光', 'カンコウ'],
  ['教育', 'キョウイク'],
  ['出版', 'シュッパン'],
  ['放送', 'ホウソウ'],
  ['広告', 'コウコク'],
  ['人材', 'ジンザイ'],
  ['保険', 'ホケン'],
];
const TAILS: Array<[string, string]> = [
  ['システムズ', 'システムズ'],
  ['テクノロジーズ', 'テクノロジーズ'],
  ['ソリューションズ', 'ソリューションズ'],
  ['商事', 'ショウジ'],
  ['電機', 'デンキ'],
  ['製薬', 'セイヤク'],
  ['建設', 'ケンセツ'],
  ['銀行', 'ギンコウ'],
  ['証券', 'ショウケン'],
  ['不動産', 'フドウサン'],
  ['鉄道', 'テツドウ'],
  ['電力', 'デンリョク'],
  ['テック', 'テック'],
  ['ラボ', 'ラボ'],
  ['パートナーズ', 'パートナーズ'],
  ['コンサルティング', 'コンサルティング'],
  ['サービス', 'サービス'],
  ['工業', 'コウギョウ'],
  ['製作所', 'セイサクショ'],
  ['化学', 'カガク'],
  ['物産', 'ブッサン'],
  ['興業', 'コウギョウ'],
  ['運輸', 'ウンユ'],
  ['ストア', 'ストア'],
  ['ゲームス', 'ゲームス'],
  ['メディア', 'メディア'],
  ['エージェント', 'エージェント'],
  ['ホテルズ', 'ホテルズ'],
  ['ファーマ', 'ファーマ'],
  ['モーターズ', 'モーターズ'],
  ['食品', 'ショクヒン'],
  ['製菓', 'セイカ'],
  ['酒造', 'シュゾウ'],
  ['紡績', 'ボウセキ'],
  ['海運', 'カイウン'],
  ['航空', 'コウクウ'],
  ['ネットワークス', 'ネットワークス'],
  ['デザイン', 'デザイン'],
  ['ホーム', 'ホーム'],
  ['フーズ', 'フーズ'],
  ['マテリアル', 'マテリアル'],
  ['エンジニアリング', 'エンジニアリング'],
  ['キャリア', 'キャリア'],
  ['ゼミナール', 'ゼミナール'],
  ['アカデミー', 'アカデミー'],
  ['トラベル', 'トラベル'],
  ['リサーチ', 'リサーチ'],
  ['ワン', 'ワン'],
];

function companyRow(i: number, industryCount: number) {
  const [head, headKana] = HEADS[i % HEADS.length]!;
  const [middle, middleKana] = MIDDLES[Math.floor(i / HEADS.length) % MIDDLES.length]!;
  const [tail, tailKana] = TAILS[Math.floor(i / (HEADS.length * MIDDLES.length)) % TAILS.length]!;
  const base = head + middle + tail;
  const form = i % 5;
  const name = form === 0 ? `株式会社${base}` : form === 1 ? `${base}株式会社` : form === 2 ? `${base}ホールディングス` : base;
  const kana = headKana + middleKana + tailKana + (form === 2 ? 'ホールディングス' : '');
  return {
    id: i + 1,
    name,
    kana,
    industryId: 1 + (i % industryCount),
    // Tokyo for a third, every prefecture used.
    prefectureId: i % 3 === 0 ? 13 : 1 + (i % 47),
    url: i % 7 === 0 ? null : `https://www.bench${i + 1}.example.co.jp`,
    employeeCount: 30 + ((i * 7919) % 50_000),
    foundedYear: 1900 + (i % 120),
  };
}

const BODY =
  'インターンでは、初日に業界と会社の説明を受けたあと、5人1組のチームで新規事業の立案に取り組みました。' +
  'メンターの社員の方が毎日フィードバックをくださり、考え方の癖や資料の作り方まで丁寧に教えていただきました。' +
  '最終日の発表では役員の方から厳しい質問もありましたが、チームで準備した内容を最後まで伝えきることができました。';

async function insertCompanies(from: number, to: number): Promise<void> {
  const db = database();
  for (let start = from; start < to; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + 1000); i++) rows.push(companyRow(i, INDUSTRIES.length));
    const params: unknown[] = [];
    const values = rows.map((row) => {
      const base = params.length;
      params.push(row.id, row.name, row.kana, row.industryId, row.prefectureId, row.url, row.employeeCount, row.foundedYear);
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, '')`;
    });
    await db.query(
      `INSERT INTO companies (id, name, kana, industry_id, prefecture_id, url, employee_count, founded_year, description) VALUES ${values.join(',')}`,
      params,
    );
  }
}

/**
 * The posts one stage added: ids firstId … firstId + total - 1, eight types in turn (the third an
 * internship experience), and how many ES questions the database holds after it.
 */
export type PostRange = { firstId: number; total: number; questions: number };

// Entry sheet questions as companies phrase them (issue 16): four blocks, one per question of
// an ES (ガクチカ, 志望動機, 自己PR and the like, one more), each made of stems, openings, endings
// and the ways a limit is written, for several thousand distinct texts like real ES.
const QUESTION_BLOCKS: string[][] = [
  [
    '学生時代に力を入れたこと',
    '学生時代に最も打ち込んだこと',
    '学生時代に頑張ったこと',
    '学生時代に最も力を入れて取り組んだこと',
    '大学時代に注力したこと',
    'これまでに最も力を入れて取り組んだ経験',
  ],
  [
    '当社を志望する理由',
    '当社の志望動機',
    'このインターンシップに応募した理由',
    '当社のインターンシップへの参加を希望する理由',
    '数ある企業の中で当社を選んだ理由',
    '本コースを志望する理由',
  ],
  [
    'あなたの強み',
    '自己PR',
    'あなたの長所と短所',
    '周囲からどのような人だと言われるか',
    'あなたらしさが表れたエピソード',
    'あなたの弱みとその克服方法',
  ],
  [
    'これまでの人生で最大の挫折経験',
    '困難を乗り越えた経験',
    'チームで成果を上げた経験',
    '入社後に挑戦したいこと',
    'インターンシップで学びたいこと',
    '研究内容',
    '10年後のキャリアプラン',
    'アルバイトで工夫したこと',
    '最近関心を持ったニュース',
    'リーダーシップを発揮した経験',
  ],
];
const OPENINGS = ['', 'あなたが', 'あなたの', '具体的なエピソードを交えて、', '簡潔に'];
const ENDINGS = ['を教えてください', 'は何ですか', 'について述べてください', 'を具体的に記述してください'];
const LIMIT_STYLES = ['', '（{n}字以内）', '({n}文字以内)', '（{n}字程度）'];
const LIMITS = [100, 200, 300, 400, 500, 600, 800];

function questionPool(): Array<{ block: number; heading: string; limit: number | null }> {
  const pool: Array<{ block: number; heading: string; limit: number | null }> = [];
  QUESTION_BLOCKS.forEach((stems, block) => {
    for (const stem of stems)
      for (const opening of OPENINGS)
        for (const ending of ENDINGS)
          for (const style of LIMIT_STYLES) {
            const limit = LIMITS[(stem.length + opening.length + ending.length + style.length) % LIMITS.length]!;
            // A limit written into the text, or given in the form's field.
            pool.push({ block, heading: `${opening}${stem}${ending}${style.replace('{n}', String(limit))}`, limit: style ? null : limit });
          }
  });
  return pool;
}

/** The question pool as a table the posts' INSERT picks from (block, position in block). */
async function createQuestionPool(): Promise<number[]> {
  const pool = questionPool();
  await database().query('DROP TABLE IF EXISTS bench_questions');
  await database().query('CREATE TABLE bench_questions (block int, n int, heading text, lim int, PRIMARY KEY (block, n))');
  const sizes = QUESTION_BLOCKS.map(() => 0);
  for (let start = 0; start < pool.length; start += 1000) {
    const params: unknown[] = [];
    const values = pool.slice(start, start + 1000).map((item) => {
      params.push(item.block, sizes[item.block]!++, item.heading, item.limit);
      const n = params.length;
      return `($${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await database().query(`INSERT INTO bench_questions (block, n, heading, lim) VALUES ${values.join(',')}`, params);
  }
  return sizes;
}

// The listing triggers (migration 0014) and the 選考対策 ones (0030) would run once per row; bulk
// data is synced in ranges.
async function setListingTriggers(enabled: boolean): Promise<void> {
  for (const statement of postSyncTriggerStatements(enabled)) await database().query(statement);
}

async function insertPosts(companyFrom: number, companyTo: number, perCompany: number, users: number): Promise<PostRange> {
  const db = database();
  const companies = companyTo - companyFrom;
  const total = companies * perCompany;
  const chunk = 100_000;
  const [{ next } = { next: 1 }] = await db.query<{ next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM posts');
  const firstId = Number(next);
  const blocks = await createQuestionPool();
  await setListingTriggers(false);
  for (let start = 0; start < total; start += chunk) {
    const end = Math.min(total, start + chunk) - 1;
    await db.query(
      `INSERT INTO posts (id, type, status, author_id, company_id, title, sections, attributes, published_at, submitted_at, created_at, updated_at)
       SELECT ${firstId} + g,
         (ARRAY['intern_entry_sheet','screening_entry_sheet','intern_experience','screening_experience',
                'student_word_mouth','employee_word_mouth','company_study','jobhunt_prompt_report'])[1 + g % 8]::post_type,
         'published',
         CASE WHEN g % 8 = 5 THEN NULL ELSE 1 + g % ${users} END,
         -- Eight consecutive posts (one of each type) per company, round after round.
         ${companyFrom + 1} + (g / 8) % ${companies},
         'ベンチマーク用の投稿 ' || g,
         CASE WHEN g % 8 < 2 THEN (
           -- An ES: four questions, one from each block of the pool.
           SELECT jsonb_agg(CASE WHEN q.lim IS NULL THEN jsonb_build_object('heading', q.heading, 'body', $1::text)
             ELSE jsonb_build_object('heading', q.heading, 'body', $1::text, 'limit', q.lim) END ORDER BY k)
           FROM generate_series(0, 3) AS k
           JOIN bench_questions q ON q.block = k AND q.n = ((g::bigint * 7919 + k * 104729) % (ARRAY[${blocks.join(',')}])[k + 1])::int
         ) ELSE jsonb_build_array(jsonb_build_object('heading', '内容', 'body', $1::text), jsonb_build_object('heading', '感想', 'body', $1::text)) END,
         CASE WHEN g % 8 IN (0, 1, 2) THEN jsonb_build_object(
           'course', (ARRAY['総合職', '技術職', '営業職', '企画職', 'エンジニア職', 'デザイナー職'])[1 + (g / 8) % 6],
           'season', CASE WHEN g % 8 = 0 THEN (CASE WHEN g % 16 = 0 THEN 'summer' ELSE 'winter' END) END)
         -- A 就活速報 names its step, the outcome and 結果連絡 (issue 34).
         WHEN g % 8 = 7 THEN jsonb_build_object(
           'event', '面接', 'eventDate', '2026-02-20', 'graduationYear', 2026 + (g / 8) % 2,
           'step', (ARRAY['es', 'web_test', 'interview_1', 'interview_2', 'final'])[1 + (g / 8) % 5],
           'outcome', (ARRAY['passed', 'failed', 'waiting'])[1 + (g / 16) % 3],
           'resultDays', 1 + (g / 8) % 9, 'resultVia', (ARRAY['email', 'mypage', 'phone', 'email'])[1 + (g / 24) % 4])
         ELSE '{}'::jsonb END,
         ts, ts - interval '2 days', ts - interval '3 days', ts
       FROM generate_series(${start}, ${end}) AS g,
            LATERAL (SELECT timestamptz '2026-03-01 09:00+09' - ((g::bigint * 7919) % 63072000) * interval '1 second') AS t(ts)`,
      [BODY],
    );
  }
  await db.query(
    `INSERT INTO intern_experiences (post_id, company_id, year, season, theme, format, days,
       rating_all, rating_difficulty, rating_industry_understanding, rating_company_understanding, rating_mentor,
       rating_growth, rating_directly_linked_to_offer, rating_level, rating_theme)
     SELECT id, company_id, 2023 + (id / 8) % 3, (CASE WHEN (id / 24) % 2 = 0 THEN 'summer' ELSE 'winter' END)::season,
       '新規事業立案', (CASE WHEN id % 3 = 0 THEN 'online' ELSE 'in_person' END)::intern_format, 1 + id % 10,
       1 + id % 5, 1 + (id / 2) % 5, 1 + (id / 3) % 5, 1 + (id / 5) % 5, 1 + (id / 7) % 5,
       1 + (id / 11) % 5, 1 + (id / 13) % 5, 1 + (id / 17) % 5, 1 + (id / 19) % 5
     FROM posts WHERE type = 'intern_experience' AND id >= $1`,
    [firstId],
  );
  await db.query(
    `INSERT INTO entry_sheets (post_id, selection_type, year, result)
     SELECT id, (CASE WHEN type = 'intern_entry_sheet' THEN 'intern' ELSE 'recruit' END)::selection_type, 2023 + (id / 8) % 3,
       (ARRAY['passed', 'failed', 'unknown'])[1 + (id / 24) % 3]::entry_sheet_result
     FROM posts WHERE type IN ('intern_entry_sheet', 'screening_entry_sheet') AND id >= $1`,
    [firstId],
  );
  // 本選考体験記 (issue 34): ES, Webテスト, two to four interviews (the last one final), each step with
  // 結果連絡 and each interview with two questions from the ES question pool, ended in one of the results.
  await db.query(
    `INSERT INTO screening_experiences (post_id, graduation_year, steps, result)
     SELECT p.id, 2026 + (p.id / 8) % 2, (
         SELECT jsonb_agg(step ORDER BY ord) FROM (
           SELECT 1 AS ord, jsonb_build_object('kind', 'es', 'resultDays', 5 + p.id % 9, 'resultVia', 'email') AS step
           UNION ALL SELECT 2, jsonb_build_object('kind', 'web_test', 'resultDays', 3 + p.id % 5, 'resultVia', 'mypage')
           UNION ALL SELECT 2 + r, jsonb_build_object('kind', 'interview', 'round', r, 'final', r = rounds AND r > 1,
             'resultDays', 1 + (p.id + r) % 6,
             'resultVia', (ARRAY['email', 'phone', 'mypage', 'silent'])[1 + (p.id / 8 + r) % 4],
             'questions', jsonb_build_array(
               pool.first[1 + ((p.id::bigint * 7919 + r * 31) % cardinality(pool.first))::int],
               pool.second[1 + ((p.id::bigint * 7919 + r * 31 + 104729) % cardinality(pool.second))::int]))
           FROM generate_series(1, rounds) AS r
         ) AS s),
       (ARRAY['offer', 'rejected', 'declined', 'in_progress'])[1 + (p.id / 8) % 4]::screening_result
     FROM posts p
     CROSS JOIN LATERAL (SELECT 2 + (p.id / 8) % 3 AS rounds) AS n
     -- The pool's first two blocks as arrays, read once (a join per step would hash the pool each time).
     CROSS JOIN (SELECT array_agg(heading ORDER BY n) FILTER (WHERE block = 0) AS first,
                        array_agg(heading ORDER BY n) FILTER (WHERE block = 1) AS second FROM bench_questions) AS pool
     WHERE p.type = 'screening_experience' AND p.id >= $1`,
    [firstId],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('posts', 'id'), (SELECT max(id) FROM posts))`);
  // The list rows and ES questions the triggers would have written, range by range.
  for (let from = firstId; from < firstId + total; from += 50_000) {
    await db.query('SELECT sync_post_listings($1, $2)', [from, Math.min(firstId + total, from + 50_000) - 1]);
    await db.query('SELECT sync_selection_insight($1, $2)', [from, Math.min(firstId + total, from + 50_000) - 1]);
  }
  await setListingTriggers(true);
  await db.query('DROP TABLE bench_questions');
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM entry_sheet_questions');
  return { firstId, total, questions: Number(n) };
}

/** Creates the reference data and the first users; the database must be new. */
async function insertBase(users: number): Promise<void> {
  const db = database();
  const params: unknown[] = [];
  const prefectureValues = PREFECTURES.map((p) => {
    params.push(p.id, p.name, p.kana, p.region);
    const n = params.length;
    return `($${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await db.query(`INSERT INTO prefectures (id, name, kana, region) VALUES ${prefectureValues.join(',')}`, params);
  const industryParams = INDUSTRIES.map((industry) => industry.name);
  await db.query(`INSERT INTO industries (name, sort_order) SELECT name, ord FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)`, [
    industryParams,
  ]);
  const hash = await hashPassword('bench-password-not-for-login');
  await db.query(
    `INSERT INTO users (email, password_hash, role, name, graduation_year, profile_completed_at)
     SELECT 'bench' || g || '@bench.example', $1, 'student', '学生' || g, 2026 + g % 3, now() FROM generate_series(1, ${users}) g`,
    [hash],
  );
}

export type Stage = { companies: number; postsPerCompany: number };

/**
 * Grows the bench database to the stage's size (stages must grow), and answers the posts it
 * added: other post ids are the draft case's drafts.
 */
export async function growTo(target: BenchTarget, stage: Stage, previous: Stage | null): Promise<PostRange> {
  await openDatabase(target.kind === 'postgres' ? { kind: 'postgres', url: target.url } : { kind: 'pglite', dataDir: target.dataDir });
  try {
    const users = 1000;
    if (!previous) await insertBase(users);
    const from = previous?.companies ?? 0;
    await insertCompanies(from, stage.companies);
    const added = await insertPosts(from, stage.companies, stage.postsPerCompany, users);
    await refreshCompanyStats();
    await database().query(
      `INSERT INTO company_view_days (company_id, day, views)
       SELECT 1 + (g * 37) % ${stage.companies}, (now() AT TIME ZONE $1)::date - g % 30, 1 + g % 50
       FROM generate_series(1, 3000) g ON CONFLICT DO NOTHING`,
      [TOKYO_TIME_ZONE],
    );
    // Vacuumed now, so that autovacuum does not wake up on a million new rows mid-measurement.
    await database().query('VACUUM ANALYZE');
    return added;
  } finally {
    await closeDatabase();
  }
}

export type StudentSession = { userId: number; sessionId: string; csrfToken: string };

/** What each bench student has, as a student in the middle of job hunting (issue 30). */
export const STUDENT_DATA = { favorites: 20, posts: 30, trackerEntries: 15, trackerEvents: 15, clips: 50 } as const;

/**
 * Students of their own for the bench (not the generated posts' authors, whose post counts grow
 * with the stages), each with the data of STUDENT_DATA: a completed profile with match
 * conditions, favorites, posts (generated posts made theirs; the newest ten approved by a
 * moderator with their points, so /mypage has notices), tracker entries with events, and clips.
 */
async function insertBenchStudents(count: number): Promise<number[]> {
  const db = database();
  const hash = await hashPassword('bench-password-not-for-login');
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, name, university, faculty, graduation_year, profile_completed_at)
     SELECT 'reader' || g || '@bench.example', $1, 'student', '読者' || g, 'ベンチ大学', '経済学部', 2027 + g % 2, now()
     FROM generate_series(1, ${count}) g RETURNING id`,
    [hash],
  );
  const ids = rows.map((row) => Number(row.id));
  const [moderator] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, name) VALUES ('moderator@bench.example', $1, 'moderator', 'ベンチ審査担当') RETURNING id`,
    [hash],
  );
  const { favorites, posts, trackerEntries, trackerEvents, clips } = STUDENT_DATA;
  for (const [index, id] of ids.entries()) {
    await db.query(
      `INSERT INTO user_preferred_industries (user_id, industry_id) SELECT $1, i.id FROM industries i ORDER BY (i.id * 7 + $1) % 13 LIMIT 3`,
      [id],
    );
    await db.query(
      `INSERT INTO user_preferred_prefectures (user_id, prefecture_id) SELECT $1, p.id FROM prefectures p ORDER BY (p.id * 11 + $1) % 47 LIMIT 5`,
      [id],
    );
    await db.query(
      `INSERT INTO favorites (user_id, company_id)
       SELECT $1, c.id FROM generate_series(1, ${favorites}) g JOIN companies c ON c.id = 1 + (g * 97 + $1) % 1000
       ON CONFLICT DO NOTHING`,
      [id],
    );
    // Thirty generated posts of every type become the student's, a different thirty for each.
    await db.query(
      `UPDATE posts SET author_id = $1 WHERE id IN (
         SELECT id FROM posts WHERE status = 'published' AND author_id IS NOT NULL ORDER BY id OFFSET $2 LIMIT ${posts})`,
      [id, index * posts],
    );
    await db.query(
      `WITH approved AS (
         SELECT id, published_at FROM posts WHERE author_id = $1 ORDER BY published_at DESC LIMIT 10
       ), events AS (
         INSERT INTO moderation_events (post_id, revision, moderator_id, action, created_at)
         SELECT id, 1, $2, 'approve', published_at FROM approved RETURNING post_id, created_at
       )
       INSERT INTO point_entries (user_id, amount, reason, post_id, created_at)
       SELECT $1, 500, 'post_published', post_id, created_at FROM events`,
      [id, Number(moderator!.id)],
    );
    await db.query(
      `INSERT INTO tracker_entries (user_id, company_id, category, status)
       SELECT $1, c.id, (CASE WHEN g % 3 = 0 THEN 'recruit' ELSE 'intern' END)::tracker_category,
         (ARRAY['registered', 'es_submitted', 'passed_first_interview', 'intern_participated'])[1 + g % 4]::tracker_status
       FROM generate_series(1, ${trackerEntries}) g JOIN companies c ON c.id = 1 + (g * 61 + $1) % 1000
       ON CONFLICT DO NOTHING`,
      [id],
    );
    // Each entry's history as the board keeps it: registered, then the step it reached.
    await db.query(
      `INSERT INTO tracker_steps (entry_id, status, "on")
       SELECT e.id, s.status, (now() AT TIME ZONE $2)::date - s.days_ago
       FROM tracker_entries e
       CROSS JOIN LATERAL (VALUES ('registered'::tracker_status, 30), (e.status, 5)) AS s(status, days_ago)
       WHERE e.user_id = $1 AND (s.status = 'registered' OR e.status <> 'registered')`,
      [id, TOKYO_TIME_ZONE],
    );
    await db.query(
      `INSERT INTO tracker_events (user_id, company_id, kind, date, time)
       SELECT $1, e.company_id, (ARRAY['es_deadline', 'web_test_deadline', 'briefing', 'interview'])[1 + g % 4]::tracker_event_kind,
         (now() AT TIME ZONE $2)::date + (g * 3 - 10), CASE WHEN g % 2 = 0 THEN '10:00' END
       FROM generate_series(1, ${trackerEvents}) g
       JOIN LATERAL (SELECT company_id FROM tracker_entries WHERE user_id = $1 ORDER BY id OFFSET g % ${trackerEntries} LIMIT 1) e ON true`,
      [id, TOKYO_TIME_ZONE],
    );
    await db.query(
      `INSERT INTO clips (user_id, post_id, created_at)
       SELECT $1, p.id, now() - g * interval '1 hour'
       FROM generate_series(1, ${clips}) g JOIN posts p ON p.id = (SELECT min(id) FROM posts) + (g * 131 + $1 * 17) % 2000
       WHERE p.status = 'published'
       ON CONFLICT DO NOTHING`,
      [id],
    );
  }
  return ids;
}

/**
 * Makes \`count\` bench students (insertBenchStudents) and logs them in, as a login does (a session
 * row with its CSRF token), but straight in the database: the login form allows six attempts a
 * minute from one address. On PGlite this must run while the server is stopped (one process owns
 * the data directory).
 */
export async function createStudentSessions(target: BenchTarget, count: number): Promise<StudentSession[]> {
  await openDatabase(target.kind === 'postgres' ? { kind: 'postgres', url: target.url } : { kind: 'pglite', dataDir: target.dataDir });
  try {
    const sessions: StudentSession[] = [];
    for (const userId of await insertBenchStudents(count)) {
      const session = await createSession({ userId });
      sessions.push({ userId, sessionId: session.id, csrfToken: session.csrfToken });
    }
    await database().query('ANALYZE');
    return sessions;
  } finally {
    await closeDatabase();
  }
}
