// The Node.js flags the built server runs with, wherever it is started: `npm start` (package.json passes the
// same flags, checked by src/server/runtime.test.ts), the browser tests, the bench, the audit and test:node24.
// --max-semi-space-size=8: V8 on Node.js 26 sizes the young generation by the machine's memory and keeps it
// grown (33 MB here at idle); 8 MB keeps an idle server near 136 MB instead of ~155 MB, at no measurable
// cost to throughput or saves (decision 014).
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
