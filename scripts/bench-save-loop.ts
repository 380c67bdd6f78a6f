// The CPU of a save alone (docs/benchmarks.md): one editor saves Home in a loop through the app (`app.inject`, no
// network, no visitors) on a fresh SQLite database, one rich-text change a save, and the milliseconds a save takes
// are printed per round of 400 after a warm-up of 300 (past REVISIONS_PER_PAGE, so every save also prunes one).
// Run from the tree to measure, which may be another checkout (a worktree of an older commit, built or not):
//   npm run bench:saves                                   # this tree
//   (cd ../folio-old && node --import tsx "$OLDPWD/scripts/with-vite.ts" "$OLDPWD/scripts/bench-save-loop.ts")
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'test';
const from = (file: string) => import(pathToFileURL(path.resolve('src/server', file)).href);
const { ADMIN_PASSWORD, logIn } = await from('test-support/sessions.ts');
const { createTestApp } = await from('test-support/test-app.ts');
const { createUser } = await from('users/users.service.ts');

const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 5);
const t = await createTestApp('sqlite');
await createUser(t.app.tenants.default.db, { username: 'bench', password: ADMIN_PASSWORD, groupId: 1 });
const { token } = await logIn(t.app, 'bench', ADMIN_PASSWORD);
const headers = { authorization: `Bearer ${token}` };
const read = await t.app.inject({ method: 'POST', url: '/api/master/gethomepages', headers, payload: {} });
const document = read.json();

async function round(saves: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < saves; i += 1) {
    document.newsList[0].newsDescription = `<p>Editor saves <strong>${i}</strong> times.</p>`;
    const saved = await t.app.inject({ method: 'POST', url: '/api/master/saveHome', headers, payload: document });
    if (saved.statusCode !== 200) throw new Error(`save ${i}: ${saved.statusCode} ${saved.body}`);
    document.revision = saved.json().revision;
  }
  return (performance.now() - started) / saves;
}

await round(300);
const rounds: number[] = [];
for (let k = 0; k < ROUNDS; k += 1) rounds.push(await round(400));
console.log(`saves in a loop (${process.cwd()}): ${rounds.map((ms) => ms.toFixed(3)).join(' ')} ms a save`);
await t.close();
