// The browser tests' mail server: a real SMTP server (the smtp-server package) on 127.0.0.1 that accepts every
// mail and appends it, as JSON lines, to FOLIO_E2E_MAIL_LOG. Playwright starts it beside Folio (playwright.config.ts).
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.FOLIO_E2E_SMTP_PORT ?? 3225);
const log = process.env.FOLIO_E2E_MAIL_LOG;

const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (log)
        fs.appendFileSync(
          log,
          `${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })}\n`,
        );
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`e2e SMTP server on 127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
