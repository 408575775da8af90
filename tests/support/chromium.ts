// The browser of the browser tests: Debian's Chromium, never a downloaded one. Where Debian's
// chromium-headless-shell is installed (.ci/run installs it), its headless shell, the build
// Playwright itself runs for headless tests: the same Blink at about a third less CPU than the
// full browser in headless mode (docs/decisions/070-ci-headless-shell-production-server.md).
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH = process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
