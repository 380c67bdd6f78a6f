import fs from 'node:fs';
import type { ListenOptions } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyListenOptions } from 'fastify';
import { ConfigError, loadConfig } from './config';
import { holdServerMark, MarkTaken } from './backup/run-mark';
import { ensurePortFree, PortInUseError } from './http/accept-copies';
import { shutDown } from './http/shutdown';

// React (and other libraries) pick their production build from NODE_ENV when first loaded: set it before the
// app is imported (a dynamic import, so the bundler cannot hoist React above this line). React's development
// build rendered pages several times slower.
process.env.NODE_ENV ??= 'production';

/** Starts Folio: read the configuration, build the app, listen, and shut down cleanly on a signal. */
async function main(): Promise<void> {
  // A .env file in the working folder (see .env.example) is read first; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    // The built server sits in dist/server; the browser build beside it in dist/client.
    config = loadConfig(process.env, { clientDir: fileURLToPath(new URL('../client/', import.meta.url)) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await ensurePortFree(config.host, config.port);
  // While this process lives, a restore is refused; while a restore runs, this start is (docs/design.md §22).
  await holdServerMark(config).catch((error: unknown) => {
    if (error instanceof MarkTaken) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: not ready, no new connections, finishing the requests in flight');
    await shutDown(app);
    app.log.info({ signal }, 'Folio stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  // With copies, the socket listens with SO_REUSEPORT so that they can join it (decision 014); Fastify hands
  // Node's listen options through.
  const copies = app.acceptCopies;
  const listenOptions: FastifyListenOptions & ListenOptions = {
    port: config.port,
    host: config.host,
    reusePort: copies.enabled,
  };
  await app.listen(listenOptions).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new PortInUseError(config.host, config.port) : error;
  });
  await copies.start(app.server, app.log);
  app.jobs.start();
  // A note, not a warning: a new site without mail works (docs/design.md §24: the first start prints nothing alarming).
  if (!app.outbox.configured)
    app.log.info(
      'Mail is not set up (SMTP_URL and CONTACT_RECIPIENT): enquiries are kept and listed in the back office, not mailed.',
    );
  app.log.info(`Folio is serving ${config.publicBaseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
