// Configuration from the environment, read once. The table in README.md lists every variable.
// Production (NODE_ENV=production) requires the settings whose defaults only suit a developer's
// machine, and the server refuses to start, in one Japanese line, until they are given
// (docs/decisions/049-production-start.md).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

export type Config = {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_LISTEN_URL: a direct connection to PostgreSQL for LISTEN when DATABASE_URL goes
   * through a pooler in transaction mode (PgBouncer), which cannot keep a LISTEN; DATABASE_URL
   * when unset.
   */
  databaseListenUrl: string | undefined;
  /** TRUST_PROXY: which peers' X-Forwarded-For and X-Forwarded-Proto are believed ('loopback' by default). */
  trustProxy: string;
  sessionSecret: string;
  logLevel: string;
  /** LOG_REQUESTS: the share of requests (0–1) whose line is logged; errors and slow ones always are. */
  requestLogShare: number;
  /** Where students reach the site: the origin of every link the site sends out. */
  publicOrigin: string;
  /** The operator's address on the terms and privacy pages. */
  contactEmail: string;
  /** The sender of every email. */
  mailFrom: string;
  /** DEMO_DATA=1: a production server that seeds the demo and lets its accounts in. */
  demoData: boolean;
  /** METRICS_TOKEN: the bearer token /metrics asks for; null keeps /metrics a 404. */
  metricsToken: string | null;
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function requiredSentence(items: string[]): string {
  return `本番環境（NODE_ENV=production）では次の設定が必要です: ${items.join('、')}。`;
}

/** A setting production requires, missing. loadConfig names all the missing ones in one sentence. */
class MissingSetting extends ConfigError {
  constructor(readonly item: string) {
    super(requiredSentence([item]));
  }
}

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT は 0〜65535 の整数で指定してください（「${raw}」が指定されています）。`);
  }
  return port;
}

/**
 * SESSION_SECRET is required in production. Elsewhere a random one is made on first start and
 * kept in DATA_DIR, so that a restart does not change it.
 */
function readSessionSecret(production: boolean, dataDir: string): string {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) {
      throw new ConfigError(
        `SESSION_SECRET は32文字以上にしてください（いまは${fromEnv.length}文字です。例: openssl rand -base64 48 の出力）。`,
      );
    }
    return fromEnv;
  }
  if (production) {
    throw new MissingSetting('SESSION_SECRET（32文字以上のランダムな文字列。例: openssl rand -base64 48 の出力）');
  }
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A setting production cannot start without (MissingSetting names it and what it is); elsewhere empty if unset. */
function requiredInProduction(env: Env, name: string, what: string): string {
  const raw = env[name]?.trim() ?? '';
  if (!raw && env.NODE_ENV === 'production') throw new MissingSetting(`${name}（${what}）`);
  return raw;
}

/**
 * The origin of links in emails, canonical and OGP URLs and the sitemap. It never comes from a
 * request's Host or X-Forwarded-* headers, which a client chooses: a forged Host would otherwise
 * put an attacker's host into a password-reset email. Required in production; elsewhere the
 * address the server listens on.
 */
export function readPublicOrigin(env: Env = process.env): string {
  const raw = requiredInProduction(env, 'PUBLIC_ORIGIN', '学生がサイトを開くアドレス。例: https://shulog.example');
  if (!raw) {
    const host = env.HOST || '127.0.0.1';
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return `http://${reachable}:${readPort(env.PORT)}`;
  }
  const wrong = new ConfigError(
    `PUBLIC_ORIGIN はスキームとホストだけで指定してください（例: https://shulog.example）。「${raw}」が指定されています。`,
  );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw wrong;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/+$/, '') || url.username) throw wrong;
  return url.origin;
}

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** Where students reach the operator: required in production, a plain address. */
export function readContactEmail(env: Env = process.env): string {
  const raw = requiredInProduction(
    env,
    'CONTACT_EMAIL',
    '利用規約とプライバシーポリシーに載せる運営者の問い合わせ先メールアドレス。例: support@example.jp',
  );
  if (!raw) return 'support@shulog.example';
  if (!ADDRESS.test(raw)) {
    throw new ConfigError(`CONTACT_EMAIL はメールアドレスだけで指定してください（例: support@example.jp）。「${raw}」が指定されています。`);
  }
  return raw;
}

/** The sender of the site's emails, "address" or "Name <address>": required in production. */
export function readMailFrom(env: Env = process.env): string {
  const raw = requiredInProduction(env, 'MAIL_FROM', 'サイトが送るメールの差出人。例: シューログ <no-reply@example.jp>');
  if (!raw) return 'シューログ <no-reply@shulog.example>';
  // One line only: a line break here would let a value add headers of its own.
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[1] ?? match?.[2];
  if (!address || !ADDRESS.test(address)) {
    throw new ConfigError(
      `MAIL_FROM は「名前 <アドレス>」かアドレスだけで指定してください（例: シューログ <no-reply@example.jp>）。「${raw}」が指定されています。`,
    );
  }
  return raw;
}

/** DEMO_DATA: "1" asks for a demo site; unset, empty or "0" does not; anything else is a mistake. */
export function readDemoData(env: Env = process.env): boolean {
  const raw = env.DEMO_DATA?.trim() ?? '';
  if (raw === '1') return true;
  if (raw === '' || raw === '0') return false;
  throw new ConfigError(`DEMO_DATA は 1（公開デモとして動かす）か 0 で指定してください（「${raw}」が指定されています）。`);
}

/** LOG_REQUESTS: a number from 0 to 1, the share of ordinary requests logged (1 by default). */
export function readRequestLogShare(env: Env = process.env): number {
  const raw = env.LOG_REQUESTS?.trim() ?? '';
  if (raw === '') return 1;
  const share = /^(0(\.[0-9]+)?|1(\.0+)?)$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(share))
    throw new ConfigError(
      `LOG_REQUESTS は0から1までの数（記録するリクエストの割合。例: 0.1）で指定してください（「${raw}」が指定されています）。`,
    );
  return share;
}

/** METRICS_TOKEN: unset leaves /metrics closed; otherwise at least 16 visible ASCII characters. */
export function readMetricsToken(env: Env = process.env): string | null {
  const raw = env.METRICS_TOKEN ?? '';
  if (raw === '') return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw))
    throw new ConfigError(
      'METRICS_TOKEN は16文字以上の英数字・記号で指定してください（例: openssl rand -hex 32 の出力）。空にすると /metrics は公開されません。',
    );
  return raw;
}

/**
 * TRUST_PROXY: the addresses of the load balancers whose X-Forwarded-For (the client's address,
 * for the limits) and X-Forwarded-Proto are believed: comma-separated addresses, CIDR ranges or
 * proxy-addr's names (loopback, linklocal, uniquelocal). 'loopback' by default: a proxy on the
 * same machine.
 */
export function readTrustProxy(env: Env = process.env): string {
  const raw = env.TRUST_PROXY?.trim() || 'loopback';
  const parts = raw.split(',').map((part) => part.trim());
  const valid = (part: string) =>
    ['loopback', 'linklocal', 'uniquelocal'].includes(part) ||
    (/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part) && isIP(part.split('/')[0]!) !== 0);
  if (parts.some((part) => !valid(part)))
    throw new ConfigError(
      `TRUST_PROXY はロードバランサーのアドレスをカンマ区切りで指定してください（例: 10.0.0.0/8,loopback）。「${raw}」は使えません。`,
    );
  return parts.join(',');
}

/**
 * Whether demo data may be written and its accounts may log in: always outside production, and
 * in production only when the operator asks for a demo site with DEMO_DATA=1.
 */
export function demoDataAllowed(env: Env = process.env): boolean {
  return env.NODE_ENV !== 'production' || readDemoData(env);
}

/** A setting read the first time it is asked for, then kept (the server checks them all at start: loadConfig). */
function readOnce(read: () => string): () => string {
  let value: string | undefined;
  return () => {
    value ??= read();
    return value;
  };
}

/** PUBLIC_ORIGIN (or its default). */
export const publicOrigin = readOnce(() => readPublicOrigin());

/** Where students reach the operator (CONTACT_EMAIL), shown on the terms and privacy pages. */
export const contactEmail = readOnce(() => readContactEmail());

/** The From of every email (MAIL_FROM). */
export const mailFrom = readOnce(() => readMailFrom());

let cached: Config | undefined;

/** DATA_DIR, absolute (default ./data): read on its own by code that needs no other setting. */
export function dataDir(): string {
  return resolve(process.env.DATA_DIR || './data');
}

/**
 * Reads and checks every setting. All the mistakes are reported together, in one line, so that an
 * operator fixes them in one go rather than one start at a time.
 */
export function loadConfig(): Config {
  if (cached) return cached;
  const production = isProduction();
  const directory = dataDir();
  const missing: string[] = [];
  const errors: string[] = [];
  const read = <T>(reader: () => T, fallback: T): T => {
    try {
      return reader();
    } catch (error) {
      if (error instanceof MissingSetting) missing.push(error.item);
      else if (error instanceof ConfigError) errors.push(error.message);
      else throw error;
      return fallback;
    }
  };
  const config: Config = {
    production,
    port: read(() => readPort(process.env.PORT), 0),
    host: process.env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: directory,
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseListenUrl: process.env.DATABASE_LISTEN_URL || process.env.DATABASE_URL || undefined,
    trustProxy: read(() => readTrustProxy(), 'loopback'),
    sessionSecret: read(() => readSessionSecret(production, directory), ''),
    logLevel: process.env.LOG_LEVEL || 'info',
    requestLogShare: read(() => readRequestLogShare(), 1),
    publicOrigin: read(publicOrigin, ''),
    contactEmail: read(contactEmail, ''),
    mailFrom: read(mailFrom, ''),
    demoData: read(() => readDemoData(), false),
    metricsToken: read(() => readMetricsToken(), null),
  };
  if (missing.length > 0) errors.unshift(requiredSentence(missing));
  if (errors.length > 0) throw new ConfigError([...new Set(errors)].join(' '));
  cached = config;
  return config;
}
