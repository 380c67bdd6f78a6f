#!/bin/sh
# `npm run test:node24` (CI runs it after `./folio test`): the floor in package.json's engines is tested, not
# assumed. Brings Node.js 24 once into .folio/ (as ./folio brings 26), then on it: the built server through
# real HTTP (scripts/check-built-server.ts) and the whole unit and API suite (Vitest; on PostgreSQL too when
# TEST_DATABASE_URL is set). The installed dependencies serve both: every native addon here is N-API.
set -eu
cd "$(dirname "$0")/.."
home=$(./folio node-home 24)
PATH="$home/bin:$PATH"
export PATH
echo "test:node24 on Node.js $(node -v)"
FOLIO_EXPECT_NODE=24
export FOLIO_EXPECT_NODE
npm run build
npx tsx scripts/check-built-server.ts
npx vitest run
