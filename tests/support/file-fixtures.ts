// What an integration test file sets up once for all its tests, after setUpTestDatabase(): a
// moderator logged in, and a DATA_DIR of its own for the files an import keeps while it runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { createLoggedInModerator, type LoggedInAccount } from '../factories';

/** The file's moderator, logged in before its first test (its fields are filled then). */
export function moderatorOfFile(): LoggedInAccount {
  const moderator = {} as LoggedInAccount;
  beforeAll(async () => {
    Object.assign(moderator, await createLoggedInModerator());
  });
  return moderator;
}

/** DATA_DIR for the file's tests: a folder of its own (`path`), removed after them. */
export function dataDirOfFile(prefix: string): { path: string } {
  const dataDir = { path: '' };
  beforeAll(() => {
    dataDir.path = mkdtempSync(join(tmpdir(), prefix));
    vi.stubEnv('DATA_DIR', dataDir.path);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dataDir.path, { recursive: true, force: true });
  });
  return dataDir;
}
