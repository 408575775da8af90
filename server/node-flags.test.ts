import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

describe('the server Node flags', () => {
  it('are the ones npm start and npm run serve pass', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    for (const name of ['start', 'serve']) expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} server/start.js`);
  });
});
