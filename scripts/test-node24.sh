#!/bin/sh
# `npm run test:node24` (CI runs it after `./folio test`): the floor in package.json's engines is tested, not
# assumed, by a smoke run rather than the whole suite again (docs/design.md §29). Brings Node.js 24 once into
# .folio/ (as ./folio brings 26), then on it: the built server through real HTTP (scripts/check-built-server.ts:
# start on a fresh database, migrate, serve every public page, sign in, saves the public page then shows, a clean
# stop) and a slice of the API suite (the runtime, the database layer, sign-in, a page's save and publishing; on
# PostgreSQL too when TEST_DATABASE_URL is set). The build of `./folio test` serves: dist/ is plain JavaScript,
# and every native addon here is N-API.
set -eu
cd "$(dirname "$0")/.."
home=$(./folio node-home 24)
PATH="$home/bin:$PATH"
export PATH
started=$(date +%s)
echo "test:node24 on Node.js $(node -v)"
FOLIO_EXPECT_NODE=24
export FOLIO_EXPECT_NODE
[ -f dist/server/main.js ] || npm run build
npx tsx scripts/check-built-server.ts
npx vitest run \
  src/server/runtime.test.ts \
  src/server/db/dialect.test.ts \
  src/server/auth/auth.routes.test.ts \
  src/server/pages/built-in.save.test.ts \
  src/server/pages/publishing.test.ts
echo "test:node24 took $(( $(date +%s) - started )) s"
