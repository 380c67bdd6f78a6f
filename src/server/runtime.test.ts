import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';

/** The Node.js this suite runs on: ./folio brings 26 on a machine with an older one, test:node24 runs on 24. */
describe('the runtime', () => {
  const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
  const major = Number(process.versions.node.split('.')[0]);

  it('is at least the floor in package.json engines, and the major CI asked for (FOLIO_EXPECT_NODE)', () => {
    expect(engines).toBe('>=24');
    expect(major).toBeGreaterThanOrEqual(24);
    // .ci/run sets it for `./folio test` (26) and scripts/test-node24.sh for its run (24).
    const expected = process.env.FOLIO_EXPECT_NODE;
    if (expected) expect(`v${major}`).toBe(`v${expected}`);
  });

  it('starts the server with the same Node.js flags in npm start and npm run dev as everywhere else', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const name of ['start', 'dev'])
      expect(scripts[name]).toMatch(new RegExp(`^exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start\\.mjs`));
    expect(readFileSync('folio', 'utf8')).toContain(`exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs "$@"`);
  });

  it('keeps .node-version and .nvmrc on the recommended Node.js, above the floor', () => {
    const recommended = readFileSync('.node-version', 'utf8').trim();
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe(recommended);
    expect(Number(recommended)).toBeGreaterThanOrEqual(24);
  });
});
