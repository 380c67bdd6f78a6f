// The built server (dist/server/main.js) on the Node.js first on PATH, through real HTTP: it starts on a fresh
// SQLite folder, serves the public pages, signs an administrator in, takes a save that the public page then
// shows, and stops cleanly on SIGTERM. `npm run test:node24` runs it on Node.js 24 (the floor in engines).
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { CONTENT_PAGES } from '../src/core/pages';
import { signIn, whileEditorsSave } from './bench-load';
import { cleanUp, freePort, rawGet, sleep, startFolio, stop, temporaryFolder } from './bench-servers';

const ADMIN_PASSWORD = 'check-admin-password-123';

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const folio = await startFolio({ dataDir: temporaryFolder('folio-check-'), port, adminPassword: ADMIN_PASSWORD });
  const node = childNodeVersion(folio.pid!);
  for (const page of CONTENT_PAGES) {
    const answer = await rawGet(`${base}${page.publicPath}`);
    if (answer.status !== 200 || !answer.body.includes('</html>'))
      throw new Error(`${page.publicPath} answered ${answer.status}`);
  }
  await signIn(base, ADMIN_PASSWORD);
  const { saves } = await whileEditorsSave(
    base,
    ADMIN_PASSWORD,
    [{ key: 'home', list: 'newsList', field: 'newsDescription' }],
    () => sleep(500),
  );
  if (saves.times.length === 0 || saves.refused.size > 0)
    throw new Error(`saves: ${saves.times.length} made, refused ${JSON.stringify([...saves.refused])}`);
  // The editor's last save says "Editor 0 saves <strong>N</strong> times."; the public page shows it after its re-render.
  const saved = `saves <strong>${saves.times.length - 1}</strong> times`;
  await waitFor(
    async () => (await rawGet(`${base}/Home1`)).body.includes(saved),
    `/Home1 to show the last save (${saved})`,
  );
  const exit = new Promise<number | null>((resolve) => folio.once('exit', (code) => resolve(code)));
  await stop(folio);
  const code = await exit;
  if (code !== 0) throw new Error(`the server exited with code ${code} on SIGTERM`);
  console.log(
    `built server on Node.js ${node}: ${CONTENT_PAGES.length} public pages served, sign-in, ${saves.times.length} saves shown on /Home1, clean stop`,
  );
}

/** The Node.js version the server runs on, read from its own process (not assumed from PATH). */
function childNodeVersion(pid: number): string {
  return execFileSync(readlinkSync(`/proc/${pid}/exe`), ['-v'])
    .toString()
    .trim();
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`waited 10 s for ${what}`);
}

try {
  await main();
} catch (error) {
  console.error(`the built server failed its check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
