import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

type SmsMessage = { to: string; text: string };

/** Decision 018: text messages behind one interface, a file writer by default and Twilio in production. */
export interface SmsSender {
  readonly name: 'files' | 'twilio';
  send(message: SmsMessage): Promise<void>;
}

/** Embedded default: each message becomes a text file under DATA_DIR/sms, newest last by name. */
export function createFileSms(dir: string): SmsSender {
  let counter = 0;
  return {
    name: 'files',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++counter).padStart(4, '0')}.txt`;
      await writeFile(join(dir, name), `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
    },
  };
}

/** Twilio's Messages API over plain HTTPS (no SDK needed for one call). */
export function createTwilioSms(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  fetch?: typeof fetch;
}): SmsSender {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'twilio',
    async send(message) {
      const res = await doFetch(
        `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, From: opts.from, Body: message.text }).toString(),
          signal: AbortSignal.timeout(15_000),
        },
      );
      if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
    },
  };
}
