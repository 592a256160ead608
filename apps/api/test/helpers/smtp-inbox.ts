import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createSmtpTransport } from '../../src/adapters/mail/mail-transport.ts';
import { createMailer } from '../../src/adapters/mail/mailer.ts';
import type { TestApp } from './test-app.ts';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * Starts a real SMTP server (the smtp-server package) on a free port, hands it every message, and points the
 * app's mailer at it as MAIL=smtp builds it. Resolves to the function that stops the server.
 */
export async function mailThroughSmtp(t: TestApp, onMail: (mail: ReceivedMail) => void) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => {
        raw += d;
      });
      stream.on('end', () => {
        onMail({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  await t.ctx.mailer.stop();
  t.ctx.mailer = createMailer({
    db: t.db,
    transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
    from: t.ctx.config.MAIL_FROM,
    pollMs: 0,
  });
  return () => new Promise<void>((resolve) => smtp.close(() => resolve()));
}
