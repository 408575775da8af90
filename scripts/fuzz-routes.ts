// `npm run fuzz -- http://127.0.0.1:3000`: the route fuzzer of tests/support/route-fuzz.ts against
// a running server, hostile text in every form and call included (a moderator's too), with a
// Markdown table per route (requests, answers ≥ 500, answers with English error texts or
// internals, slow answers) and the first failures (FUZZ_SHOW of them; FUZZ_OUT=file.json writes
// every failure). FUZZ_ONLY=hostile sends only the hostile-text cases. The browser-test run
// (tests/e2e/robustness.spec.ts) asserts the same on CI.
import { writeFileSync } from 'node:fs';
import routes from '../app/routes';
import { fuzzCases, hostileTextCases, runFuzz, summarize } from '../tests/support/route-fuzz';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const password = process.env.FUZZ_PASSWORD ?? 'shulog-demo-2026';
const student = { email: process.env.FUZZ_EMAIL ?? 'student40@shulog.example', password };
const moderator = {
  email: process.env.FUZZ_MODERATOR_EMAIL ?? 'admin@shulog.example',
  password: process.env.FUZZ_MODERATOR_PASSWORD ?? password,
};
const started = Date.now();
const hostile = await hostileTextCases({ baseUrl, routes, student, moderator });
const cases = process.env.FUZZ_ONLY === 'hostile' ? hostile : [...fuzzCases(routes), ...hostile];
const results = await runFuzz({ baseUrl, cases, student, moderator });
const rows = summarize(results);
console.log(`${results.length} requests (${hostile.length} with hostile text) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
console.log('| route | requests | ≥ 500 or no answer | English or internals | slower than 2 s | slowest (ms) | all (s) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.route} | ${row.requests} | ${row.errors} | ${row.leaks} | ${row.slow} | ${Math.round(row.maxMs)} | ${(row.totalMs / 1000).toFixed(1)} |`,
  );
const total = rows.reduce((sum, row) => sum + row.errors, 0);
const leaks = rows.reduce((sum, row) => sum + row.leaks, 0);
console.log(`\ntotal ≥ 500 or no answer: ${total}; English or internals: ${leaks}`);
const failures = results.filter((result) => result.status >= 500 || result.status === 0 || result.ms > 2000 || result.leak);
for (const failure of failures.slice(0, Number(process.env.FUZZ_SHOW ?? 40))) {
  console.log(
    `${failure.status} ${Math.round(failure.ms)} ms ${failure.identity} ${failure.method} ${failure.path.slice(0, 100)} (${failure.label})${failure.leak ? `\n    leak: ${failure.leak}` : ''}`,
  );
}
if (process.env.FUZZ_OUT) writeFileSync(process.env.FUZZ_OUT, JSON.stringify(failures, null, 1));
process.exitCode = failures.length > 0 ? 1 : 0;
