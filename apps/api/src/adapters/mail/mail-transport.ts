import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** `html` is the React-rendered version (templates/); `text` always goes along as the plain-text part. */
export type MailMessage = { to: string; subject: string; text: string; html?: string | null };
type OutgoingMail = MailMessage & { id: string; from: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** Embedded default: each message becomes an RFC 822 `.eml` file under DATA_DIR/mail. */
export function createFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
  };
}

export function createSmtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.id}@geekly>`,
      });
    },
  };
}
