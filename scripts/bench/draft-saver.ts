// The students of the bench's draft case (issue 13, point 12), in a process of their own so that
// autocannon's load on the company pages does not delay their clocks: each student creates one
// 企業研究レポート draft (POST /api/v1/student/drafts), then saves it (PUT …/drafts/{id}) with the
// lock version of its previous answer, one save at a time, as the posting form's autosave does.
//
// Started by scripts/bench/drafts.ts with `node --import tsx`. It reads its configuration as the
// first line of stdin, then commands, one a line:
//   steady        every student saves every intervalMs (starts spread evenly over one interval)
//   phase NAME    later saves count under NAME (the saves' latency while pages are measured)
//   stop          ends the steady saves; answers {"event":"stopped","phases":[…]}
//   burst         burstRate saves a second spread over the students for burstSeconds
//                 (each student's saves stay sequential); answers {"event":"burst","phases":[…]}
//   exit
// and answers {"event":"ready","phases":[create]} once every draft exists.
import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './stats';

export type SaverConfig = {
  base: string;
  companies: number;
  intervalMs: number;
  burstRate: number;
  burstSeconds: number;
  students: Array<{ sessionId: string; csrfToken: string }>;
};

export type PhaseStats = {
  phase: string;
  saves: number;
  seconds: number;
  savesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  firstError: string | null;
  /** How late the latest save started after its planned time (a student still waiting for its previous answer). */
  maxStartLagMs: number;
};

type Student = {
  index: number;
  headers: Record<string, string>;
  companyId: number;
  postId: number;
  lockVersion: number;
  saves: number;
};

const SESSION_COOKIE = 'shulog_session';
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

// About 4,000 characters of 事業内容, as a student writes it; each save changes its last ten.
const SENTENCES = [
  '同社は法人向けの業務システムの開発と運用を主力とし、金融、流通、製造の三つの業界に強い顧客基盤を持っている。',
  '売上の約六割が既存顧客からの継続案件であり、景気の波を受けにくい安定した収益構造になっている。',
  '近年はクラウドへの移行支援とデータ分析の受託に力を入れており、中期経営計画でも成長の柱として位置づけられている。',
  '説明会では、若手のうちから顧客先での要件定義に参加できることと、研修制度が充実していることが強調されていた。',
  '一方で、大型案件の比率が高いため、繁忙期の残業時間が部署によって大きく異なるという社員の声もあった。',
  '競合他社と比べると、業界特化型のパッケージ製品を自社で持っている点が差別化の要因になっていると考えられる。',
];
const BASE_TEXT = (() => {
  let text = '';
  for (let i = 0; text.length < 4000; i++) text += SENTENCES[i % SENTENCES.length]!;
  return text.slice(0, 3990);
})();
const FULL_WIDTH_DIGITS = '０１２３４５６７８９';
const fullWidth = (n: number, width: number) =>
  String(n)
    .padStart(width, '0')
    .replace(/\d/g, (d) => FULL_WIDTH_DIGITS[Number(d)]!);

function content(student: Student) {
  return {
    title: `ベンチマーク企業研究レポート その${student.index + 1}`,
    // 3,990 + 10 = 4,000 characters, the field's maximum.
    business: `${BASE_TEXT}【保存${fullWidth(student.saves % 1_000_000, 6)}】`,
    analysis: SENTENCES[1]! + SENTENCES[5]!,
    motivation: SENTENCES[3]!,
  };
}

function call(method: string, url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The saves of one phase, collected until it ends. */
class Phase {
  readonly times: number[] = [];
  readonly errorsByStatus: Record<string, number> = {};
  errors = 0;
  firstError: string | null = null;
  maxStartLagMs = 0;
  readonly started = performance.now();
  ended: number | null = null;

  constructor(readonly name: string) {}

  record(latency: number, status: number, text: string) {
    this.times.push(latency);
    if (status >= 200 && status < 300) return;
    this.errors++;
    this.errorsByStatus[String(status)] = (this.errorsByStatus[String(status)] ?? 0) + 1;
    this.firstError ??= `${status} ${text.slice(0, 200)}`;
  }

  stats(): PhaseStats {
    const sorted = [...this.times].sort((a, b) => a - b);
    const seconds = ((this.ended ?? performance.now()) - this.started) / 1000;
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      phase: this.name,
      saves: sorted.length,
      seconds: round(seconds),
      savesPerSecond: round(sorted.length / seconds),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? NaN),
      errors: this.errors,
      errorsByStatus: this.errorsByStatus,
      firstError: this.firstError,
      maxStartLagMs: round(this.maxStartLagMs),
    };
  }
}

async function createDraft(config: SaverConfig, student: Student, phase: Phase): Promise<boolean> {
  const body = JSON.stringify({
    type: 'company_study',
    draftKey: randomUUID(),
    companyId: student.companyId,
    recruitServiceId: null,
    content: content(student),
  });
  const started = performance.now();
  try {
    const answer = await call('POST', `${config.base}/api/v1/student/drafts`, student.headers, body);
    phase.record(performance.now() - started, answer.status, answer.text);
    if (answer.status !== 201 && answer.status !== 200) return false;
    const saved = JSON.parse(answer.text) as { postId: number; lockVersion: number };
    student.postId = saved.postId;
    student.lockVersion = saved.lockVersion;
    return true;
  } catch (error) {
    phase.record(performance.now() - started, 0, String(error));
    return false;
  }
}

/** One autosave; a refused one (409: the lock version was stale) reloads the draft as the form would. */
async function save(config: SaverConfig, student: Student, phase: Phase): Promise<void> {
  student.saves++;
  const url = `${config.base}/api/v1/student/drafts/${student.postId}`;
  // What the posting form sends (features/posting/draft-autosave.ts): its type and a save id.
  const body = JSON.stringify({
    type: 'company_study',
    saveId: randomUUID(),
    lockVersion: student.lockVersion,
    companyId: student.companyId,
    recruitServiceId: null,
    content: content(student),
  });
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    ({ status, text } = await call('PUT', url, student.headers, body));
  } catch (error) {
    text = String(error);
  }
  phase.record(performance.now() - started, status, text);
  if (status >= 200 && status < 300) {
    student.lockVersion = (JSON.parse(text) as { lockVersion: number }).lockVersion;
  } else if (status === 409) {
    const current = await call('GET', url, student.headers).catch(() => null);
    if (current?.status === 200) student.lockVersion = (JSON.parse(current.text) as { lockVersion: number }).lockVersion;
  }
}

async function sleepUntil(time: number, signal?: AbortSignal): Promise<boolean> {
  const wait = time - performance.now();
  if (wait <= 0) return !signal?.aborted;
  try {
    await sleep(wait, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function send(message: object) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function main() {
  const lines = createInterface({ input: process.stdin });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async () => {
    const line = await iterator.next();
    return line.done ? 'exit' : line.value.trim();
  };
  const config = JSON.parse(await next()) as SaverConfig;
  const students: Student[] = config.students.map((session, index) => ({
    index,
    headers: {
      Cookie: `${SESSION_COOKIE}=${session.sessionId}`,
      'X-CSRF-Token': session.csrfToken,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    companyId: 1 + ((index * 7919) % config.companies),
    postId: 0,
    lockVersion: 0,
    saves: 0,
  }));

  const create = new Phase('create');
  const created = await Promise.all(students.map((student) => createDraft(config, student, create)));
  create.ended = performance.now();
  const writers = students.filter((_, i) => created[i]);
  send({ event: 'ready', phases: [create.stats()] });

  let steady: { phases: Phase[]; stop: AbortController; loops: Promise<void>[] } | null = null;
  for (let command = await next(); command !== 'exit'; command = await next()) {
    if (command === 'steady') {
      const stop = new AbortController();
      // Every student's wait listens to it.
      setMaxListeners(writers.length + 10, stop.signal);
      const phases = [new Phase('steady')];
      const start = performance.now();
      const loops = writers.map(async (student, i) => {
        let planned = start + (i * config.intervalMs) / writers.length;
        while (await sleepUntil(planned, stop.signal)) {
          const phase = phases[phases.length - 1]!;
          phase.maxStartLagMs = Math.max(phase.maxStartLagMs, performance.now() - planned);
          await save(config, student, phase);
          planned += config.intervalMs;
        }
      });
      steady = { phases, stop, loops };
    } else if (command.startsWith('phase ') && steady) {
      steady.phases[steady.phases.length - 1]!.ended = performance.now();
      steady.phases.push(new Phase(command.slice('phase '.length)));
    } else if (command === 'stop' && steady) {
      steady.stop.abort();
      await Promise.all(steady.loops);
      steady.phases[steady.phases.length - 1]!.ended = performance.now();
      send({ event: 'stopped', phases: steady.phases.map((phase) => phase.stats()) });
      steady = null;
    } else if (command === 'burst') {
      const phase = new Phase('burst');
      const total = Math.round(config.burstRate * config.burstSeconds);
      const gap = 1000 / config.burstRate;
      const start = performance.now();
      // Save j is due at start + j·gap and belongs to student j mod n: each student's saves are
      // n·gap apart (250 ms for 50 students at 200 a second) and wait for its previous answer.
      await Promise.all(
        writers.map(async (student, i) => {
          for (let j = i; j < total; j += writers.length) {
            const planned = start + j * gap;
            await sleepUntil(planned);
            phase.maxStartLagMs = Math.max(phase.maxStartLagMs, performance.now() - planned);
            await save(config, student, phase);
          }
        }),
      );
      phase.ended = performance.now();
      send({ event: 'burst', phases: [phase.stats()] });
    }
  }
  agent.destroy();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
