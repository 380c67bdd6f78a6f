import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readableLine } from './log-format';
import { createTestApp, type TestApp } from './test-support/test-app';

/** A stream that collects what is written; `isTTY` makes it look like a terminal. */
function streamLike(isTTY: boolean): { stream: Writable & { isTTY?: boolean }; text: () => string } {
  let text = '';
  const stream: Writable & { isTTY?: boolean } = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  if (isTTY) stream.isTTY = true;
  return { stream, text: () => text };
}

const LINE = /^\d\d:\d\d:\d\d (INFO |WARN |ERROR|DEBUG|TRACE|FATAL) \S/;
const SETUP_CODE = /[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/;

/** docs/design.md §24: readable lines on a terminal, JSON elsewhere or as LOG_FORMAT says; the setup code on its own line. */
describe('the server log (LOG_FORMAT)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  /** The log of a first start (no administrator yet, so the setup code is in it). */
  async function firstStartLog(env: Record<string, string>, isTTY: boolean): Promise<string> {
    const out = streamLike(isTTY);
    apps.push(await createTestApp('sqlite', { LOG_LEVEL: 'info', ...env }, { logStream: out.stream }));
    return out.text();
  }

  it('writes JSON lines where no person reads (not a terminal), the setup code in a field of its own', async () => {
    const log = await firstStartLog({}, false);
    const records = log
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.find((record) => record.msg === 'database ready')).toMatchObject({ level: 30, tenant: 'default' });
    const setup = records.find((record) => 'setupCode' in record);
    expect(setup).toMatchObject({
      level: 40,
      msg: 'First-run setup: open http://localhost:3000/companyForm and enter the setup code',
    });
    expect(setup!.setupCode).toMatch(SETUP_CODE);
  });

  it('writes readable lines when LOG_FORMAT=pretty, with the setup code alone on its line after a blank one', async () => {
    const log = await firstStartLog({ LOG_FORMAT: 'pretty' }, false);
    expect(log).not.toContain('{"level"');
    expect(log).not.toContain('\x1b[');
    expect(log).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}database ready {2}tenant=default database=\S+folio\.sqlite seeded=true$/m,
    );
    expect(log).toMatch(
      /\n\nFirst-run setup: open http:\/\/localhost:3000\/companyForm and enter the setup code\n[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}\n\n/,
    );
    const lines = log
      .split('\n')
      .filter((line) => line && !line.startsWith('First-run setup') && !SETUP_CODE.test(line));
    for (const line of lines) expect(line).toMatch(LINE);
  });

  it('follows the terminal when LOG_FORMAT is unset, and LOG_FORMAT=json wins over a terminal', async () => {
    const onTerminal = await firstStartLog({}, true);
    expect(onTerminal).toMatch(/INFO .*database ready/);
    expect(onTerminal).not.toContain('{"level"');
    const json = await firstStartLog({ LOG_FORMAT: 'json' }, true);
    for (const line of json.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('shows fields after the sentence and an error with its stack on the lines below', () => {
    const error = new Error('the database does not answer');
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: Date.UTC(2026, 0, 5, 9, 3, 7),
        pid: 7,
        hostname: 'h',
        msg: 'a job failed',
        job: 'publish-scheduled',
        tries: 2,
        err: { type: 'Error', message: error.message, stack: error.stack },
      }),
    );
    const [first, second] = line.split('\n');
    expect(first).toMatch(/^\d\d:\d\d:\d\d ERROR a job failed {2}job=publish-scheduled tries=2$/);
    expect(second).toBe('    Error: the database does not answer');
    expect(line.endsWith('\n')).toBe(true);
    expect(readableLine('not json')).toBe('not json\n');
  });
});
