// The other half of the routes' fuzz (tests/e2e/robustness.spec.ts sends the first half and the
// hostile text), against a production server of its own, so that the two halves run side by side.
import { test } from '@playwright/test';
import routes from '../../app/routes';
import { fuzzAndCheck, ownServer } from '../support/fuzz-run';
import { fuzzCasesHalf } from '../support/route-fuzz';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const own = ownServer(PORT);

test('fuzzing the other half of the routes with every method and malformed input: no answer is 500, hangs, is English or internal, and the logs stay one JSON line each', async () => {
  test.setTimeout(900_000);
  await fuzzAndCheck({ server: own.server, baseUrl: `http://127.0.0.1:${PORT}`, cases: fuzzCasesHalf(routes, 1), minimum: 5_000 });
});
