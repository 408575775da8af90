// A fuzzer over the whole URL table (app/routes.ts): every route, every method, as a visitor, a
// visitor with a form session and a logged-in student, with malformed and oversized query
// strings, ids, percent-encoding, bodies and content types; and hostile text (NUL, C1 controls,
// bidi overrides) in every field of every form and call found on the pages, also as a moderator
// (tests/support/form-fuzz.ts). New routes and forms are covered without being listed. Every
// answer is also read for English error texts and internals (leakOf). Used by
// tests/e2e/robustness.spec.ts and by `npm run fuzz` (scripts/fuzz-routes.ts).
import { CHROMIUM_PATH } from './chromium';
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { chromium } from '@playwright/test';
import { postingFormUrl, WRITABLE_TYPES } from '../../app/features/posting/writable-types';
import { discoverForms, hostileCallCases, hostileFormCases, type PageRenderer } from './form-fuzz';
import { fill, routeTemplates, type RouteEntry, type RouteTemplate } from './route-paths';

export type Identity = 'visitor' | 'form-session' | 'student' | 'moderator';

type Credentials = { cookie: string; token: string };

export type FuzzCase = {
  route: string;
  identity: Identity;
  method: string;
  path: string;
  label: string;
  headers?: Record<string, string>;
  /** Where the session's valid token goes, if anywhere. */
  token?: 'form' | 'json' | 'x-csrf-token' | 'x-xsrf-token';
  body?: (token: string) => { type?: string; data: Buffer };
};

export type FuzzResult = {
  route: string;
  identity: Identity;
  method: string;
  path: string;
  label: string;
  status: number;
  ms: number;
  /** English error text or an internal detail found in the answer, if any (leakOf). */
  leak?: string;
};

/**
 * React Router's and Node's own error texts, which no answer of the site may carry (every answer
 * is Japanese: the error page or the JSON error of app/lib/app-error.ts), and internals: a stack
 * frame, a source file's path, React Router's messages that name a route module. Route ids as
 * such are React Router's protocol (the manifest of every page, the keys of its `.data`
 * answers), not a leak: module paths are looked for in the error data and visible text only.
 */
const ENGLISH_ERRORS =
  /\b(?:Unexpected Server Error|Not Found|Method Not Allowed|Bad Request|Internal Server Error|Forbidden|Unauthorized|Payload Too Large|Unsupported Media Type)\b/;
const INTERNAL_DETAILS =
  /did not provide an? `?(?:action|loader)|Invalid request method|No route matches|Route does not match|Expected a Response|node_modules\/|\bat [^\s"]+ \(|\.(?:js|ts|tsx):\d+:\d+|\broutes\/[\w/-]+\.tsx?\b|\bapp\/(?:routes|features|lib)\//;

/** What an answer gives away that it should not: an English error text or an internal detail. */
export function leakOf(body: string, contentType: string): string | undefined {
  if (!/^(?:text\/|application\/(?:json|xml)|$)/.test(contentType)) return undefined;
  const isHtml = contentType.includes('html') || /^\s*<!doctype html/i.test(body);
  // React Router's hydration data (loader data and errors) is kept; its route manifest is not.
  const hydration = isHtml ? [...body.matchAll(/streamController\.enqueue\(([\s\S]*?)\);/g)].map((match) => match[1]).join('\n') : '';
  const visible = isHtml
    ? body
        .replace(/<script[\s\S]*?<\/script>/gi, ' ')
        .replace(/<style[\s\S]*?<\/style>/gi, ' ')
        .replace(/<[^>]+>/g, ' ')
    : body;
  const match = ENGLISH_ERRORS.exec(visible) ?? INTERNAL_DETAILS.exec(visible) ?? INTERNAL_DETAILS.exec(hydration);
  if (!match) return undefined;
  const source = match.input;
  return source.slice(Math.max(0, match.index - 60), match.index + 100).replace(/\s+/g, ' ');
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** The unsafe methods routes answer (none answers PATCH). */
const ANSWERED_UNSAFE = ['POST', 'PUT', 'DELETE'];

/** Values that break naive id and query parsing. */
const JUNK_VALUES = [
  '0',
  '-1',
  'abc',
  '1e3',
  '1.5',
  '99999999999999999999',
  '%00',
  '%',
  '%E0%A4%A',
  '%2e%2e',
  '..%2f..%2f',
  '%F0%9F%98%80',
  '%E4%BC%81%E6%A5%AD',
  'x'.repeat(3000),
  '1%20OR%201=1',
  '%3Cscript%3E',
  '__proto__',
  'constructor',
];

const JUNK_QUERIES = [
  '?%',
  '?%%',
  '?page=%E0%A4%A',
  '?page=-1&page=2',
  '?page=99999999999999',
  '?page=1e9',
  `?q=${encodeURIComponent('あ'.repeat(10))}`,
  `?q=${'%E3%81%82'.repeat(2000)}`,
  '?redirect_to=//evil.example',
  '?redirect_to=/.//evil.example',
  '?_routes=root,nope',
  '?index',
  '?_data=root',
  '?target_company_id=abc',
  '?target_company_id=99999999999',
  '?source=incremental&company_name=%F0%9F%98%80',
  '?source=incremental&company_name=%',
  '?year=9999&season=spring',
  '?year=2024&season=summer',
  '?sort=%00&industry=-1&prefecture=abc',
  '?selection_type=%E0',
  '?notice=%3Cb%3E',
  `?${'a=1&'.repeat(1500)}`,
  '?utm_source=badges&utm_campaign=badge_101',
];

const PATH_MANGLES: Array<[string, (path: string) => string]> = [
  ['.data', (path) => (path === '/' ? '/_root.data' : `${path}.data`)],
  ['trailing slash', (path) => (path.endsWith('/') ? `${path}/` : `${path}/`)],
  ['double slash', (path) => `/${path}`],
  ['encoded slash', (path) => path.replaceAll('/', '%2F').replace(/^%2F/, '/')],
  ['dot segments', (path) => `/a/..${path}`],
  ['encoded dot segments', (path) => `/%2e%2e${path}`],
  ['backslash', (path) => path.replace(/\//g, '%5C').replace(/^%5C/, '/')],
  ['upper case', (path) => path.toUpperCase()],
  ['null byte', (path) => `${path}%00`],
  ['overlong', (path) => `${path}/${'a'.repeat(9000)}`],
];

function form(fields: Record<string, string | string[]>): Buffer {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) params.append(name, item);
  return Buffer.from(params.toString());
}

/** Fields that every form of the site reads, with values a little off. */
function plausibleFields(token: string): Record<string, string | string[]> {
  return {
    authenticity_token: token,
    company_id: '1',
    email: `fuzz-${Math.random().toString(36).slice(2)}@example.jp`,
    password: 'fuzz password 1234',
    passwordConfirmation: 'fuzz password 1235',
    intent: 'profile',
    name: '試験 太郎',
    university: '東都大学',
    faculty: '経済学部',
    graduationYear: '2028',
    industryIds: ['1', 'abc'],
    prefectureIds: ['13', '99999999'],
    'badge_kind_ids[]': ['101', 'x'],
    redirect_to: '/.//evil.example',
    website: '',
  };
}

/** The bodies sent by every identity (the others, by the student only). */
const IDENTITY_BODIES = new Set(['no body', 'form, token in body', 'json, token in body', 'broken json']);

const BODIES: Array<[string, FuzzCase['token'], FuzzCase['body']]> = [
  ['no body', 'x-csrf-token', undefined],
  ['form, token in body', 'form', (token) => ({ type: 'application/x-www-form-urlencoded', data: form(plausibleFields(token)) })],
  [
    'form, token in X-XSRF-TOKEN',
    'x-xsrf-token',
    (token) => ({ type: 'application/x-www-form-urlencoded', data: form(plausibleFields(token)) }),
  ],
  ['broken form', 'x-csrf-token', () => ({ type: 'application/x-www-form-urlencoded', data: Buffer.from('%%%&=&a=%E0&&==') })],
  [
    'form in shift_jis',
    'form',
    (token) => ({
      type: 'application/x-www-form-urlencoded; charset=shift_jis',
      data: form({ authenticity_token: token, name: '\u0082\u00a0' }),
    }),
  ],
  [
    'json, token in body',
    'json',
    (token) => ({
      type: 'application/json',
      data: Buffer.from(JSON.stringify({ authenticity_token: token, badge_kind_ids: [101, '102', -1], company_id: 1 })),
    }),
  ],
  ['broken json', 'x-csrf-token', () => ({ type: 'application/json', data: Buffer.from('{"badge_kind_ids": [1,') })],
  ['json array', 'x-csrf-token', () => ({ type: 'application/json', data: Buffer.from('[1,2,3]') })],
  ['json null', 'x-csrf-token', () => ({ type: 'application/json', data: Buffer.from('null') })],
  [
    'json with token of wrong type',
    'x-csrf-token',
    () => ({ type: 'application/json', data: Buffer.from('{"authenticity_token":{"a":1},"badge_kind_ids":{"length":1e9}}') }),
  ],
  ['text/plain', 'x-csrf-token', () => ({ type: 'text/plain', data: Buffer.from('hello') })],
  ['octet-stream', 'x-csrf-token', () => ({ type: 'application/octet-stream', data: Buffer.from([0, 255, 1, 254, 0]) })],
  ['multipart', 'form', (token) => multipart(token, 'fuzzboundary', true)],
  ['multipart without boundary', 'x-csrf-token', (token) => ({ type: 'multipart/form-data', data: multipart(token, 'b', true).data })],
  [
    'truncated multipart',
    'x-csrf-token',
    (token) => ({ type: 'multipart/form-data; boundary=fuzzboundary', data: multipart(token, 'fuzzboundary', false).data }),
  ],
  ['multipart with a file', 'form', (token) => multipartFile(token)],
  ['no content type', 'x-csrf-token', () => ({ data: Buffer.from('authenticity_token=x&a=b') })],
  ['oversized form', 'x-csrf-token', () => ({ type: 'application/x-www-form-urlencoded', data: Buffer.alloc(1_100_000, 'a') })],
];

function multipart(token: string, boundary: string, complete: boolean): { type: string; data: Buffer } {
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="authenticity_token"\r\n\r\n${token}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="company_id"\r\n\r\n1\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nfuzz@example.jp\r\n`,
  ];
  const text = parts.join('') + (complete ? `--${boundary}--\r\n` : `--${boundary}\r\nContent-Disposition: form-da`);
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.from(text) };
}

function multipartFile(token: string): { type: string; data: Buffer } {
  const boundary = 'fuzzfile';
  const text =
    `--${boundary}\r\nContent-Disposition: form-data; name="authenticity_token"\r\n\r\n${token}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="name"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n` +
    `--${boundary}--\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.from(text) };
}

/** Random junk, the same for a given seed: method, path suffix, query, headers and body. */
function randomCases(template: RouteTemplate, seed: number, count: number): FuzzCase[] {
  const segment = fc.oneof(
    fc.constantFrom(...JUNK_VALUES),
    fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text)),
    fc.integer().map(String),
  );
  const arbitrary = fc.record({
    method: fc.constantFrom(...METHODS),
    identity: fc.constantFrom<Identity>('visitor', 'form-session', 'student'),
    params: fc.array(segment, { minLength: template.params.length + 1, maxLength: template.params.length + 1 }),
    query: fc.oneof(
      fc.constant(''),
      fc.constantFrom(...JUNK_QUERIES),
      fc.string({ maxLength: 60 }).map((text) => `?${encodeURIComponent(text).replace(/%3D/g, '=').replace(/%26/g, '&')}`),
    ),
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'text/x-script', ''),
    body: fc.option(fc.uint8Array({ maxLength: 200 }), { nil: undefined }),
    type: fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'multipart/form-data; boundary=x', 'text/plain', ''),
  });
  return fc.sample(arbitrary, { seed, numRuns: count }).map((sample, index): FuzzCase => {
    let position = 0;
    const path = fill(template.pattern, () => sample.params[position++] ?? '1');
    return {
      route: template.pattern,
      identity: sample.identity,
      method: sample.method,
      path: path + sample.query,
      label: `random #${index}`,
      headers: sample.accept ? { Accept: sample.accept } : {},
      token: 'x-csrf-token',
      body: sample.body ? () => ({ type: sample.type || undefined, data: Buffer.from(sample.body!) }) : undefined,
    };
  });
}

/** Every case for the URL table: deterministic for a given seed. */
export function fuzzCases(routes: RouteEntry[], options: { seed?: number; randomPerRoute?: number } = {}): FuzzCase[] {
  const templates = routeTemplates(routes);
  const seen = new Set<string>();
  const cases: FuzzCase[] = [];
  const identities: Identity[] = ['visitor', 'form-session', 'student'];
  templates.forEach((template, routeIndex) => {
    if (seen.has(template.pattern)) return;
    seen.add(template.pattern);
    const route = template.pattern;
    for (const identity of identities) {
      for (const method of METHODS) cases.push({ route, identity, method, path: template.path, label: 'plain', token: 'x-csrf-token' });
      // Every body the body reader can meet, with the methods a route answers (POST, PUT, DELETE),
      // from the student, who gets furthest into the actions; visitors and sessions without a user
      // meet the same reader before any route, so they send the bodies that reach their own
      // answers (a form, JSON, broken JSON), and so does PATCH, which no route answers (the method
      // check refuses it after the same reader): the suite's time stays within CI's budget. The
      // student sends each of the other bodies to each route once, with POST, PUT and DELETE in
      // turn from route to route, so that every method meets every body across the table.
      for (const method of identity === 'visitor' ? ['POST'] : UNSAFE) {
        BODIES.forEach(([label, token, body], bodyIndex) => {
          const sent =
            IDENTITY_BODIES.has(label) ||
            (identity === 'student' && method === ANSWERED_UNSAFE[(routeIndex + bodyIndex) % ANSWERED_UNSAFE.length]);
          if (sent) cases.push({ route, identity, method, path: template.path, label, token, body });
        });
      }
    }
    for (const identity of ['visitor', 'student'] as const) {
      // Junk ids and queries reach a loader the same way for both, and further for the student (a
      // visitor is sent to login before a private page reads them): the student sends them.
      for (const junk of identity === 'student' ? JUNK_VALUES : []) {
        if (template.params.length === 0) break;
        const path = fill(template.pattern, () => junk);
        cases.push({ route, identity, method: 'GET', path, label: `id ${junk.slice(0, 20)}` });
        cases.push({ route, identity, method: 'POST', path, label: `id ${junk.slice(0, 20)}`, token: 'form', body: BODIES[1]![2] });
      }
      // Every other junk query on each route, the other half on the next: each query reaches
      // half of the routes, and every route meets half of the queries.
      JUNK_QUERIES.forEach((query, queryIndex) => {
        if (identity === 'student' && (routeIndex + queryIndex) % 2 === 0)
          cases.push({ route, identity, method: 'GET', path: template.path + query, label: `query ${query.slice(0, 30)}` });
      });
      // A mangled path is read before the session is: the student alone also posts to it.
      for (const [label, mangle] of PATH_MANGLES) {
        cases.push({ route, identity, method: 'GET', path: mangle(template.path), label });
        if (identity === 'student')
          cases.push({ route, identity, method: 'POST', path: mangle(template.path), label, token: 'form', body: BODIES[1]![2] });
      }
      cases.push({
        route,
        identity,
        method: 'GET',
        path: template.path,
        label: 'json accept',
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      });
      cases.push({
        route,
        identity,
        method: 'GET',
        path: template.path,
        label: 'forged host',
        headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      });
      // A form sent from another site with a valid token (a proxy that rewrites Host looks the same).
      cases.push({
        route,
        identity,
        method: 'POST',
        path: template.path,
        label: 'foreign origin',
        headers: { Origin: 'https://evil.example' },
        token: 'form',
        body: BODIES[1]![2],
      });
      cases.push({
        route,
        identity,
        method: 'GET',
        path: template.path,
        label: 'junk cookie',
        headers: { Cookie: 'shulog_session=%E0%A4%A; XSRF-TOKEN=%' },
      });
    }
    cases.push(...randomCases(template, (options.seed ?? 20261123) + routeIndex, options.randomPerRoute ?? 16));
  });
  return cases;
}

type Sender = (
  fuzzCase: FuzzCase,
  credentials: Credentials | null,
) => Promise<{ status: number; ms: number; setCookie: string[]; body: string; type: string; location?: string }>;

function createSender(base: URL, agent: Agent): Sender {
  return (fuzzCase, credentials) =>
    new Promise((resolve, reject) => {
      const token = credentials?.token ?? '';
      const body = fuzzCase.body?.(token);
      const headers: Record<string, string> = { ...(fuzzCase.headers ?? {}) };
      if (credentials) headers.Cookie = [headers.Cookie, credentials.cookie].filter(Boolean).join('; ');
      if (fuzzCase.token === 'x-csrf-token' && credentials) headers['X-CSRF-Token'] = token;
      if (fuzzCase.token === 'x-xsrf-token' && credentials) headers['X-XSRF-TOKEN'] = token;
      if (body?.type) headers['Content-Type'] = body.type;
      if (body) headers['Content-Length'] = String(body.data.length);
      // Every request from its own address: the login limits must not turn the run into 429s.
      headers['X-Forwarded-For'] ??= `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;
      const started = performance.now();
      let settled = false;
      const req = httpRequest(
        { host: base.hostname, port: base.port, method: fuzzCase.method, path: fuzzCase.path, headers, agent, setHost: !headers.Host },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            settled = true;
            resolve({
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
              body: Buffer.concat(chunks).toString('utf8'),
              type: String(res.headers['content-type'] ?? ''),
              location: res.headers.location,
            });
          });
          res.on('error', (error) => !settled && reject(error));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timed out after 10 s')));
      // A server that refuses a body early closes the connection while it is still being sent.
      req.on('error', (error) => !settled && setTimeout(() => !settled && reject(error), 50));
      req.end(body?.data);
    });
}

async function formSession(send: Sender): Promise<Credentials> {
  const answer = await send({ route: '/login', identity: 'visitor', method: 'GET', path: '/login', label: 'session' }, null);
  const cookie = answer.setCookie.map((value) => value.split(';')[0]).join('; ');
  const token = /name="csrf-token" content="([^"]+)"/.exec(answer.body)?.[1];
  if (!token) throw new Error(`no form session from /login (status ${answer.status})`);
  return { cookie, token };
}

/** A logged-in session; the token is read from `tokenPage` (a page that is never the shared one). */
async function loggedInSession(send: Sender, email: string, password: string, tokenPage = '/mypage'): Promise<Credentials> {
  const visitor = await formSession(send);
  const login = await send(
    {
      route: '/login',
      identity: 'visitor',
      method: 'POST',
      path: '/login',
      label: 'login',
      token: 'form',
      body: (token) => ({ type: 'application/x-www-form-urlencoded', data: form({ authenticity_token: token, email, password }) }),
    },
    visitor,
  );
  const cookie = login.setCookie.map((value) => value.split(';')[0]).join('; ');
  if (login.status !== 302 || !cookie) throw new Error(`login as ${email} answered ${login.status}`);
  const page = await send({ route: tokenPage, identity: 'student', method: 'GET', path: tokenPage, label: 'token' }, { cookie, token: '' });
  const token = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no token on ${tokenPage} for ${email} (status ${page.status})`);
  return { cookie, token };
}

type Account = { email: string; password: string };

/** The sessions of one sequence of cases: each identity's, made when first needed. */
function sessionsFor(send: Sender, accounts: { student: Account; moderator?: Account }) {
  const sessions: Partial<Record<Identity, Credentials | null>> = { visitor: null };
  return {
    async of(identity: Identity): Promise<Credentials | null> {
      if (sessions[identity] === undefined) {
        if (identity === 'student') sessions[identity] = await loggedInSession(send, accounts.student.email, accounts.student.password);
        else if (identity === 'moderator') {
          if (!accounts.moderator) throw new Error('no moderator account given');
          sessions[identity] = await loggedInSession(send, accounts.moderator.email, accounts.moderator.password, '/admin');
        } else sessions[identity] = await formSession(send);
      }
      return sessions[identity]!;
    },
    /** A response replaced or cleared the session (login, logout, 退会): the next case makes a new one. */
    forget(identity: Identity) {
      if (identity !== 'visitor') delete sessions[identity];
    },
  };
}

/**
 * The hostile-text cases (tests/support/form-fuzz.ts): the forms found on every page as a visitor
 * with a form session, a student and (when given) a moderator, each field hostile alone and all
 * together, and JSON calls carrying every field found.
 */
export async function hostileTextCases(options: {
  baseUrl: string;
  routes: RouteEntry[];
  student: Account;
  moderator?: Account;
}): Promise<FuzzCase[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const send = createSender(new URL(options.baseUrl), agent);
  const sessions = sessionsFor(send, options);
  const templates = routeTemplates(options.routes);
  const base = new URL(options.baseUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  // Shared pages as each identity's browser draws them: the personal parts come by a call.
  const contexts = new Map<Identity, Awaited<ReturnType<typeof browser.newContext>>>();
  const renderPage: PageRenderer = async (identity, path) => {
    let context = contexts.get(identity);
    if (!context) {
      context = await browser.newContext({ locale: 'ja-JP' });
      const session = await sessions.of(identity);
      const cookies = (session?.cookie ?? '').split('; ').filter(Boolean);
      await context.addCookies(
        cookies.map((cookie) => {
          const at = cookie.indexOf('=');
          return { name: cookie.slice(0, at), value: cookie.slice(at + 1), domain: base.hostname, path: '/' };
        }),
      );
      contexts.set(identity, context);
    }
    const page = await context.newPage();
    try {
      await page.goto(new URL(path, base).href, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.personal !== 'pending', undefined, { timeout: 10_000 });
      return await page.content();
    } finally {
      await page.close();
    }
  };
  const identities: Array<{ identity: Identity; password: string }> = [
    { identity: 'form-session', password: options.student.password },
    { identity: 'student', password: options.student.password },
    ...(options.moderator ? [{ identity: 'moderator' as const, password: options.moderator.password }] : []),
  ];
  try {
    const forms = await discoverForms({
      templates,
      identities,
      renderPage,
      extraPaths: WRITABLE_TYPES.map((type) => postingFormUrl(type, { companyId: 1, recruitServiceId: 1 })),
      fetchPage: async (identity, path) => {
        const answer = await send({ route: path, identity, method: 'GET', path, label: 'discover' }, await sessions.of(identity));
        if (answer.setCookie.some((value) => value.startsWith('shulog_session='))) sessions.forget(identity);
        return answer;
      },
    });
    return [...hostileFormCases(forms, templates), ...hostileCallCases(forms, templates)];
  } finally {
    await browser.close();
    agent.destroy();
  }
}

/**
 * Sends every case, `concurrency` at a time, each route's cases in order under sessions of its
 * own (a logout or a sign-up in one route does not disturb another): a session is made again
 * whenever a response replaced or cleared it.
 */
export async function runFuzz(options: {
  baseUrl: string;
  cases: FuzzCase[];
  student: Account;
  moderator?: Account;
  concurrency?: number;
  onResult?: (result: FuzzResult) => void;
}): Promise<FuzzResult[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: (options.concurrency ?? 4) + 2 });
  const send = createSender(new URL(options.baseUrl), agent);
  const byRoute = new Map<string, FuzzCase[]>();
  for (const fuzzCase of options.cases) byRoute.set(fuzzCase.route, [...(byRoute.get(fuzzCase.route) ?? []), fuzzCase]);
  const queue = [...byRoute.values()];
  const results: FuzzResult[] = [];

  async function runRoute(cases: FuzzCase[]) {
    const sessions = sessionsFor(send, options);
    for (const fuzzCase of cases) {
      const answer = await sessions
        .of(fuzzCase.identity)
        .then((session) => send(fuzzCase, session))
        .catch((error: Error) => ({ status: 0, ms: 0, setCookie: [] as string[], body: error.message, type: '' }));
      const label = answer.status === 0 ? `${fuzzCase.label}: ${answer.body}` : fuzzCase.label;
      const result: FuzzResult = {
        route: fuzzCase.route,
        identity: fuzzCase.identity,
        method: fuzzCase.method,
        path: fuzzCase.path,
        label,
        status: answer.status,
        ms: answer.ms,
      };
      const leak = answer.status === 0 ? undefined : leakOf(answer.body, answer.type);
      if (leak) result.leak = leak;
      results.push(result);
      options.onResult?.(result);
      if (answer.setCookie.some((value) => value.startsWith('shulog_session='))) sessions.forget(fuzzCase.identity);
    }
  }

  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, async () => {
      for (let cases = queue.shift(); cases; cases = queue.shift()) await runRoute(cases);
    }),
  );
  agent.destroy();
  return results;
}

/**
 * Per route: requests sent, answers ≥ 500 (or no answer), answers carrying English error texts
 * or internals, answers slower than `slowMs`.
 */
export function summarize(results: FuzzResult[], slowMs = 2000) {
  type Row = { route: string; requests: number; errors: number; leaks: number; slow: number; maxMs: number; totalMs: number };
  const rows = new Map<string, Row>();
  for (const result of results) {
    const row = rows.get(result.route) ?? { route: result.route, requests: 0, errors: 0, leaks: 0, slow: 0, maxMs: 0, totalMs: 0 };
    row.requests += 1;
    row.totalMs += result.ms;
    if (result.status >= 500 || result.status === 0) row.errors += 1;
    if (result.leak) row.leaks += 1;
    if (result.ms > slowMs) row.slow += 1;
    row.maxMs = Math.max(row.maxMs, result.ms);
    rows.set(result.route, row);
  }
  return [...rows.values()];
}
