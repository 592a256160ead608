import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks, loginTokens } from '../src/db/schema.ts';
import { markPresent } from '../src/modules/events/events.repository.ts';
import { sendDueMessageMails } from '../src/modules/messages/message-mail.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { mailThroughSmtp, type ReceivedMail } from './helpers/smtp-inbox.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Mail goes through a real SMTP server started here (the smtp-server package) and is read back from it.
let inbox: ReceivedMail[] = [];
let stopSmtp: () => Promise<void>;
let t: TestApp;
let ops: string;
let geekId: string;

beforeAll(async () => {
  t = await createTestApp();
  stopSmtp = await mailThroughSmtp(t, (mail) => inbox.push(mail));
  ops = await staffToken(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'Mail G.', major: 'English' }).returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  await t?.close();
  await stopSmtp();
});

/** A received message with quoted-printable bodies and encoded-word headers decoded (UTF-8). */
const qp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const decoded = (raw: string) =>
  qp(raw.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, word: string) => word.replace(/_/g, ' ')));
const opsSend = (orderId: string, message: string, sender_role = 'operator') =>
  call(t, { url: `/ops/orders/${orderId}/messages`, token: ops, body: { message, sender_role } });
const minutes = (n: number) => {
  t.clock.offsetMs += n * 60_000;
};
/** A new client, with the welcome mail of the sign-up already delivered and set aside. */
async function client() {
  const c = await signUpClient(t);
  await t.ctx.mailer.drain();
  inbox = inbox.filter((m) => !m.to.includes(c.email));
  return c;
}
async function deliverMail() {
  await sendDueMessageMails(t.ctx);
  await t.ctx.mailer.drain();
}

describe('notification mail', () => {
  it('batches the Geek and Account Manager messages of a task into one mail, at most every 10 minutes', async () => {
    inbox = [];
    const s = await client();
    const order = await pricedOrder(t, s.token);
    await opsSend(order._id, 'Hello from your Account Manager');
    await opsSend(order._id, 'Hi, I am your Geek', 'writer');
    await deliverMail();
    expect(inbox).toHaveLength(0); // the batch waits a minute for more
    minutes(1.5);
    await deliverMail();
    expect(inbox).toHaveLength(1);
    const mail = inbox[0] as ReceivedMail;
    expect(mail.to).toEqual([s.email]);
    const body = decoded(mail.raw);
    expect(body).toMatch(/Subject: 2 new messages — task #\d+/);
    expect(body).toContain('multipart/alternative');
    expect(body).toContain('text/html');
    expect(body).toContain('Hello from your Account Manager');
    expect(body).toContain('Hi, I am your Geek');
    expect(body).toContain('New messages from your Account Manager and Geek');
    // the button logs in once and opens the messages panel
    const link =
      /http:\/\/localhost:3000\/login\/([\w-]+)\?to=%2Forder%2F[\w-]+%2Fmessages#messagesemail/.exec(body);
    expect(link).not.toBeNull();
    const tokens = await t.db.select().from(loginTokens);
    expect(tokens.some((r) => r.redirectPath === `/order/${order._id}/messages`)).toBe(true);

    // another message soon after: not before 10 minutes since the last mail
    await opsSend(order._id, 'One more thing');
    minutes(3);
    await deliverMail();
    expect(inbox).toHaveLength(1);
    minutes(8);
    await deliverMail();
    expect(inbox).toHaveLength(2);
    const second = decoded(inbox[1]?.raw ?? '');
    expect(second).toContain('One more thing');
    expect(second).not.toContain('Hello from your Account Manager');
  });

  it('sends nothing for messages read meanwhile, nor to a client with an open stream', async () => {
    inbox = [];
    const s = await client();
    const order = await pricedOrder(t, s.token);
    const m = await opsSend(order._id, 'Read it in time');
    await call(t, {
      method: 'PATCH',
      url: `/orders/${order._id}/messages/${m.body._id}`,
      token: s.token,
      body: { status: 'read' },
    });
    minutes(2);
    await deliverMail();
    expect(inbox).toHaveLength(0);

    const watching = await client();
    const other = await pricedOrder(t, watching.token);
    await markPresent(t.db, watching.id, 'another-process');
    await opsSend(other._id, 'You see this live');
    minutes(2);
    await deliverMail();
    expect(inbox).toHaveLength(0);
  });

  it('mails the rating link after a delivery and the tips link after a positive mark', async () => {
    inbox = [];
    const s = await client();
    await creditBalance(t, ops, s.id, 500);
    const order = await pricedOrder(t, s.token, { pages: 1 });
    const operate = (name: string, extra: Record<string, unknown> = {}) =>
      call(t, { url: `/ops/orders/${order._id}/transitions`, token: ops, body: { name, ...extra } });
    await call(t, {
      url: `/orders/${order._id}/pay`,
      token: s.token,
      body: { account_balance_use: Math.round(order.price * 100) },
    });
    expect((await operate('assign_geek', { writer_id: geekId })).status).toBe(200);
    expect((await operate('start_work')).status).toBe(200);
    await uploadGeekFile(t, ops, order._id);
    expect((await operate('deliver')).status).toBe(200);
    await t.ctx.mailer.drain();
    const rating = inbox.map((m) => decoded(m.raw)).find((b) => b.includes('#ratingemail'));
    expect(rating).toBeDefined();
    expect(rating).toContain('How did your Geek do?');
    const tokens = await t.db.select().from(loginTokens);
    expect(tokens.some((r) => r.redirectPath === `/order/${order._id}/rating`)).toBe(true);

    const rated = await call(t, {
      url: `/orders/${order._id}`,
      token: s.token,
      body: { action: 'client_feedback', mark: 5 },
    });
    expect(rated.status).toBe(200);
    await t.ctx.mailer.drain();
    const tips = inbox.map((m) => decoded(m.raw)).find((b) => b.includes('#tips_external'));
    expect(tips).toContain('Thank your Geek with a tip');
    expect(
      (await t.db.select().from(loginTokens)).some((r) => r.redirectPath === `/order/${order._id}/tips`),
    ).toBe(true);
  });
});
