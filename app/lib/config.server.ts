// Configuration from the environment, read once. The table in README.md lists every variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Config = {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  logLevel: string;
  /** Where students reach the site: the origin of every link the site sends out. */
  publicOrigin: string;
};

export class ConfigError extends Error {}

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
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
    if (fromEnv.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  if (production) throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The origin of links in emails, canonical and OGP URLs and the sitemap. It never comes from a
 * request's Host or X-Forwarded-* headers, which a client chooses: a forged Host would otherwise
 * put an attacker's host into a password-reset email. Required in production; elsewhere the
 * address the server listens on.
 */
export function readPublicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.PUBLIC_ORIGIN?.trim();
  if (!raw) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('PUBLIC_ORIGIN is required when NODE_ENV=production (e.g. https://shulog.example)');
    }
    const host = env.HOST || '127.0.0.1';
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return `http://${reachable}:${readPort(env.PORT)}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be a URL such as https://shulog.example, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/+$/, '') || url.username) {
    throw new ConfigError(`PUBLIC_ORIGIN must be a scheme and host only (https://shulog.example), got "${raw}"`);
  }
  return url.origin;
}

let origin: string | undefined;

/** PUBLIC_ORIGIN (or its default), read once; the server checks it at start (loadConfig). */
export function publicOrigin(): string {
  origin ??= readPublicOrigin();
  return origin;
}

/** Where students reach the operator (CONTACT_EMAIL), shown on the terms and privacy pages. */
export function contactEmail(): string {
  return process.env.CONTACT_EMAIL || 'support@shulog.example';
}

let cached: Config | undefined;

export function loadConfig(): Config {
  if (cached) return cached;
  const production = isProduction();
  const dataDir = resolve(process.env.DATA_DIR || './data');
  cached = {
    production,
    port: readPort(process.env.PORT),
    host: process.env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    sessionSecret: readSessionSecret(production, dataDir),
    logLevel: process.env.LOG_LEVEL || 'info',
    publicOrigin: publicOrigin(),
  };
  return cached;
}
