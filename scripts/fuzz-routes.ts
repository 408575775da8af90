// `npm run fuzz -- http://127.0.0.1:3000`: the route fuzzer of tests/support/route-fuzz.ts against
// a running server, with a Markdown table per route (requests, answers ≥ 500, slow answers) and
// the first failures. The browser-test run (tests/e2e/fuzz.spec.ts) asserts the same on CI.
import routes from '../app/routes';
import { fuzzCases, runFuzz, summarize } from '../tests/support/route-fuzz';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const cases = fuzzCases(routes);
const started = Date.now();
const results = await runFuzz({
  baseUrl,
  cases,
  student: { email: process.env.FUZZ_EMAIL ?? 'student39@shulog.example', password: process.env.FUZZ_PASSWORD ?? 'shulog-demo-2026' },
});
const rows = summarize(results);
console.log(`${results.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
console.log('| route | requests | ≥ 500 or no answer | slower than 2 s | slowest (ms) |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.route} | ${row.requests} | ${row.errors} | ${row.slow} | ${Math.round(row.maxMs)} |`);
const total = rows.reduce((sum, row) => sum + row.errors, 0);
console.log(`\ntotal ≥ 500 or no answer: ${total}`);
const failures = results.filter((result) => result.status >= 500 || result.status === 0 || result.ms > 2000);
for (const failure of failures.slice(0, 40)) {
  console.log(
    `${failure.status} ${Math.round(failure.ms)} ms ${failure.identity} ${failure.method} ${failure.path.slice(0, 100)} (${failure.label})`,
  );
}
process.exitCode = failures.length > 0 ? 1 : 0;
