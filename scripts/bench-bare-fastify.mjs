// The bare Fastify app of `npm run bench`: the same fastify package as Folio, no logger, no plugins, no hooks,
// one route that sends the bytes Folio sent for /Home1 with the headers Folio sent (both captured from a real
// Folio answer by scripts/bench.ts). What Folio costs beyond sending those bytes is the difference.
// Usage: node scripts/bench-bare-fastify.mjs PORT HEADERS.json BODY
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, headersFile, bodyFile] = process.argv.slice(2);
if (!port || !headersFile || !bodyFile) throw new Error('usage: bench-bare-fastify.mjs PORT HEADERS.json BODY');
const headers = JSON.parse(fs.readFileSync(headersFile, 'utf8'));
const body = fs.readFileSync(bodyFile);

const app = Fastify({ logger: false });
app.get('/Home1', (_request, reply) => reply.headers(headers).send(body));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
