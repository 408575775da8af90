// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registeredCaches } from './caches.server';

// Every in-process cache is in the one list of app/lib/caches.server.ts, and the list is the table
// of docs/decisions/060-caches-and-honest-tests.md. A module-level Map, Set, WeakMap, empty array
// or object, or `let` of app/ or server/ is state that outlives a request: it is either a cache
// that registers itself (its name appears in the file's `registerCache({ … })` call), or it is
// named below with the reason it is no cache.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DECISION = 'docs/decisions/060-caches-and-honest-tests.md';
const TABLE_START = '<!-- caches: start (app/lib/caches.server.test.ts renders this table) -->';
const TABLE_END = '<!-- caches: end -->';
const TEST = 'app/lib/caches.server.test.ts';

const BROWSER = 'state of the browser page, never of the server process';
const SINGLETON = 'made once per process from the settings; not a copy of data';

/** Module-level state that is no cache: file → binding → why. */
const NOT_CACHES: Record<string, Record<string, string>> = {
  'app/lib/caches.server.ts': { registry: 'the list of caches itself' },
  'server/client-address.ts': { trusted: 'the TRUST_PROXY setting, compiled once' },
  'server/log-url.ts': { share: 'the share of request lines logged, a setting (LOG_REQUESTS) read at start' },
  'server/session-pages.ts': {
    keysOfUser: "the kept pages' index by user, part of the registered cache",
    keysOfSession: "the kept pages' index by session, part of the registered cache",
  },
  'app/db/changes.server.ts': {
    listeners: 'who keeps something on the strength of the changes heard (registered caches themselves)',
    epoch: 'a count of changes heard, so that a read overlapping one keeps nothing',
    attached: 'the database this process listens to',
    live: 'whether this process hears every change now',
    listening: 'the listening of the attached database, for its round trips',
    tripsStarted: 'numbers the round trips on the listening connection',
    tripsDone: 'the last round trip finished',
    tripUnderWay: 'one round trip at a time',
    tripPaused: 'the gap between two round trips',
    markers: 'who waits for their own marker to come back through the channel',
    markerCount: 'makes each marker unique',
    emailListeners: 'the email senders woken when any process queues an email (decision 079)',
    deaf: 'whether the listening connection answers but hears no announcement (a pooler in transaction mode)',
    listenings: "the listening connection's starts and losses, counted (a probe answers for its own)",
    companyListeners: 'the search catalogs rebuilt when any process changes the companies table (decision 081)',
  },
  'app/features/posts/load-post-list.server.ts': {
    reading: 'reads under way, shared by concurrent requests for the same list and forgotten when they end',
    contentEpoch: 'a count of content changes heard, so that a read overlapping one keeps nothing',
  },
  'app/features/accounts/personal-rows.server.ts': {
    keysOfUser: "the personal rows' index by user, part of the registered cache",
    userListeners: "who keeps something else of a user's that the same changes end (registered caches themselves)",
  },
  'app/lib/config.server.ts': {
    cached: 'the settings, read once from the environment',
  },
  'app/lib/logger.server.ts': { instance: SINGLETON },
  'app/lib/project-root.server.ts': { root: 'where the project is on disk, found once' },
  'app/features/email/transport.server.ts': { configured: SINGLETON },
  'app/features/email/queue.server.ts': { listeners: 'who is told when an email is queued' },
  'app/db/client.server.ts': { current: 'the open database', statementObservers: 'who is told of each statement (tests)' },
  'app/db/lock.server.ts': {
    procAvailable: 'a fact about the machine, read once',
    bootId: 'a fact about the machine, read once',
  },
  'app/features/accounts/log-in.server.ts': { dummyHash: 'a password hash made once, so that an unknown address costs a login as long' },
  'app/features/accounts/session-request.server.ts': {
    lookups: "one request's session lookup, shared by its loaders and action; goes with the request (WeakMap)",
  },
  'app/features/recommendations/record-company-view.server.ts': {
    pending: 'views counted but not yet written: written every 5 s, never read as data',
    timer: 'the next write of the counted views',
  },
  'app/features/search/company-catalog.server.ts': {
    loading: "the catalog's build under way (the catalog itself is `current`, registered)",
    checkedAt: "when the catalog's version was last checked",
    checking: "whether the catalog's version check is under way",
    subscribed: 'whether this process listens for announced changes to the companies table (decision 081)',
    changesHeard: 'how many changes to the companies table were announced (decision 081)',
    changesWhenBegun: 'how many had been announced when the build or check under way began',
    waitingSince: 'when the oldest change not yet in a build was announced',
    quietTimer: 'the rebuild once announced changes pause',
    abandoning: 'whether the build under way is to stop at its next pause (stale)',
  },
  'app/features/share-cards/render-card.server.ts': {
    renderer: "the process's card renderer, made once (its PNGs are the registered cache)",
  },
  'app/features/share-cards/text-outlines.server.ts': {
    faces: 'the Noto Sans CJK faces, opened once per process (docs/decisions/055-share-cards-under-load.md)',
  },
  'app/lib/metrics.server.ts': {
    poolState: 'how to read the database pool, set once when the database opens',
    emailQueue: 'how to count the email queue, set once by the server',
    asked: "a counter naming this worker's requests to the supervisor for the metrics",
    waiting: 'the metrics requests of this worker waiting for the supervisor, each answered or dropped within 5 s',
  },
  'app/lib/form-data.server.ts': { formsRead: "a request's form, read once; goes with the request (WeakMap)" },
  'app/lib/form.ts': { fieldsOnly: 'field errors without the form message, per errors object (WeakMap)' },
  'server/request-body.ts': { bodies: "a request's body, read once; goes with the request (WeakMap)" },
  // Browser modules: they run in each student's page.
  'app/ui/notice-lane.ts': { nextId: BROWSER, current: BROWSER, waiting: BROWSER },
  'app/ui/bottom-sheet.tsx': { openSheets: BROWSER },
  'app/ui/validated-form.tsx': { NO_ERRORS: 'a constant: no errors' },
  'app/features/badges/badge-popup-queue.ts': {
    showing: BROWSER,
    current: BROWSER,
    noticeTicket: BROWSER,
    gatheredTicket: BROWSER,
    gathered: BROWSER,
    listeners: BROWSER,
  },
  'app/lib/personal-parts.ts': { current: BROWSER, loading: BROWSER, listeners: BROWSER, askedWith: BROWSER },
  'app/lib/typed-before-hydration.ts': { typed: BROWSER, stop: BROWSER },
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((entry) => path.posix.join(dir, entry.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

// At the start of a line only: module level, as the code is formatted (Biome). Constants built
// from data (`new Map(ENTRIES…)`) are not state; an empty collection or a `let` is.
const MODULE_STATE =
  /^(?:export\s+)?(?:(?:let|var)\s+(\w+)|const\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:new\s+(?:Map|Set|WeakMap|WeakSet)\b(?:<.*>)?\(\s*\)|\[\]|\{\}))/gm;

function moduleState(source: string): string[] {
  return [...source.matchAll(MODULE_STATE)].map((match) => (match[1] ?? match[2])!);
}

/** The text of each `registerCache(…)`, `registeredMap(…)` or `registeredValue(…)` call of a source, parentheses matched. */
function registrations(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/^registerCache\(|= registered(?:Map|Value)<.*>\(/gm)) {
    let depth = 0;
    for (let at = match.index + match[0].length - 1; at < source.length; at++) {
      if (source[at] === '(') depth++;
      if (source[at] === ')' && --depth === 0) {
        calls.push(source.slice(match.index, at + 1));
        break;
      }
    }
  }
  return calls;
}

type Found = { file: string; state: string[]; calls: string[] };

const found: Found[] = ['app', 'server'].flatMap(sourceFiles).map((file) => {
  const source = read(file);
  return { file, state: moduleState(source), calls: registrations(source) };
});

/** The registered name of each cache, with the file that registers it. */
const registeredIn = new Map(
  found.flatMap(({ file, calls }) => calls.map((call) => [/\bname:\s*'([^']+)'/.exec(call)?.[1] ?? `(no literal name in ${file})`, file])),
);

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function renderTable(): string {
  const rows = registeredCaches().map((cache) =>
    [cache.name, `\`${registeredIn.get(cache.name)}\``, cache.holds, cache.feeds, cache.lifetime, cache.invalidatedBy, cache.bound]
      .map(cell)
      .join(' | '),
  );
  return [
    '| cache | module | holds | feeds | lifetime | invalidated by | bound |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

describe('the caches', () => {
  it('every module-level Map, Set, array, object or let of app/ and server/ is a registered cache or named as no cache', () => {
    const unexplained = found.flatMap(({ file, state, calls }) =>
      state
        .filter((name) => !NOT_CACHES[file]?.[name] && !calls.some((call) => new RegExp(`\\b${name}\\b`).test(call)))
        .map((name) => `${file}: ${name}`),
    );
    expect(
      unexplained,
      'register each cache with registerCache (app/lib/caches.server.ts), naming it in the call, or name it in NOT_CACHES with the reason',
    ).toEqual([]);
  });

  it('names as no cache only state that exists', () => {
    const state = new Map(found.map(({ file, state }) => [file, state]));
    const stale = Object.entries(NOT_CACHES).flatMap(([file, names]) =>
      Object.keys(names)
        .filter((name) => !state.get(file)?.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('register when their module loads, each under a name of its own, and empty on clear()', async () => {
    const files = [...new Set(registeredIn.values())];
    for (const file of files) await import(/* @vite-ignore */ path.join(ROOT, file));
    expect(registeredCaches().map((cache) => cache.name)).toEqual([...registeredIn.keys()].sort((a, b) => a.localeCompare(b)));
    expect(found.reduce((sum, { calls }) => sum + calls.length, 0)).toBe(registeredIn.size);
    for (const cache of registeredCaches()) {
      cache.clear();
      expect(cache.size(), cache.name).toBe(0);
    }
  });

  it(`are listed in ${DECISION}, as registered`, async () => {
    for (const file of new Set(registeredIn.values())) await import(/* @vite-ignore */ path.join(ROOT, file));
    const decision = read(DECISION);
    const start = decision.indexOf(TABLE_START);
    const end = decision.indexOf(TABLE_END);
    expect(start, `${DECISION} has the table between "${TABLE_START}" and "${TABLE_END}"`).toBeGreaterThan(-1);
    const table = decision.slice(start + TABLE_START.length, end).trim();
    if (process.env.WRITE_CACHE_TABLE === '1') {
      fs.writeFileSync(
        path.join(ROOT, DECISION),
        `${decision.slice(0, start + TABLE_START.length)}\n${renderTable()}\n${decision.slice(end)}`,
      );
      return;
    }
    expect(table, `${DECISION}: the table differs from the list; WRITE_CACHE_TABLE=1 npx vitest run ${TEST} writes it`).toBe(renderTable());
  });
});
