import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: the envelope and the parsed message. */
export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package): it takes every mail, or answers with
 * `refuse` (e.g. '550 Mailbox unavailable') while that is set. Start it on a given port to bring a "down"
 * server back where Folio expects it.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** An SMTP answer to give instead of accepting the message, e.g. { code: 550, message: 'Mailbox unavailable' }. */
  refuse: { code: number; message: string } | null = null;
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuse) {
            const error = Object.assign(new Error(this.refuse.message), { responseCode: this.refuse.code });
            callback(error);
            return;
          }
          void simpleParser(Buffer.concat(chunks)).then((parsed) => {
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A port nothing listens on (an SMTP server that is down), to start a server on later. */
export async function freePort(): Promise<number> {
  const probe = await new TestSmtpServer().start();
  const port = probe.port;
  await probe.stop();
  return port;
}
