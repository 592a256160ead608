import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/adapters/payments/sandbox/sandbox-signing.ts';
import { geeks } from '../src/db/schema.ts';
import { queueReceipts } from '../src/modules/notifications/receipts.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { CARDS, expectLedgerConsistent, payWithCard, topUp } from './helpers/sandbox-card.ts';
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

// Issue 13: the welcome mail, a receipt for every payment with the ledger's amounts, and the 'refund requested'
// mail, sent through a real SMTP server started here (the smtp-server package) and read back from it.
let inbox: ReceivedMail[] = [];
let stopSmtp: () => Promise<void>;
let t: TestApp;
let ops: string;
let geekId: string;
const clients: { token: string; id: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  stopSmtp = await mailThroughSmtp(t, (mail) => inbox.push(mail));
  ops = await staffToken(t);
  const [geek] = await t.db
    .insert(geeks)
    .values({ publicFullName: 'Receipt G.', major: 'English' })
    .returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => {
  await expectLedgerConsistent(t, clients);
  await t?.close();
  await stopSmtp();
});

/** The plain-text part of a received message, quoted-printable decoded (UTF-8), and its subject. */
const qp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
function parse(m: ReceivedMail) {
  const raw = m.raw.replace(/\r\n/g, '\n');
  const subjectLine = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, w: string) => qp(w.replace(/_/g, ' ')));
  const textPart = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/.exec(raw)?.[1] ?? '';
  const text = qp(textPart);
  const htmlPart = /Content-Type: text\/html[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/.exec(raw)?.[1] ?? '';
  return { to: m.to, subject, text, html: qp(htmlPart) };
}
type Mail = ReturnType<typeof parse>;
/** Sends what is queued and answers the mails that reached the SMTP server since the last call. */
async function delivered(): Promise<Mail[]> {
  await t.ctx.mailer.drain();
  const got = inbox.map(parse);
  inbox = [];
  return got;
}
const receiptsOf = (mails: Mail[]) => mails.filter((m) => m.subject.startsWith('Receipt'));
/** A mail's one link: where it logs in, and the page it names as its destination. */
function linkOf(m: Mail) {
  const href = /(http:\/\/localhost:3000\/login\/[\w-]+\?to=[^\s#]+(?:#\w+)?)/.exec(m.text)?.[1] ?? '';
  const url = new URL(href);
  expect(m.html).toContain(href.replace(/&/g, '&amp;'));
  return { token: url.pathname.split('/')[2] ?? '', to: url.searchParams.get('to'), hash: url.hash };
}

async function client() {
  const c = await signUpClient(t);
  clients.push(c);
  await delivered(); // the welcome mail
  return c;
}
const pay = (token: string, id: string, body: Record<string, unknown>) =>
  call(t, { url: `/orders/${id}/pay`, token, body });
const operate = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  call(t, { url: `/ops/orders/${id}/transitions`, token: ops, body: { name, ...extra } });
/** The client's balance history as the ledger recorded it: [kind, dollars]. */
const history = async (token: string) =>
  (await call(t, { url: '/balance/history', token })).body.results.map(
    (r: { kind: string; amount: number }) => [r.kind, r.amount],
  ) as [string, number][];

function sandboxWebhook(body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v3/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      'geekly-signature': signWebhook(t.sandboxSecret, text, Math.floor(Date.now() / 1000)),
    },
    payload: text,
  });
}
const succeeded = (paymentId: string, cents: number) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  type: 'payment.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { payment_id: paymentId, amount_cents: cents, session_id: randomBytes(8).toString('hex') },
});

describe('the welcome mail', () => {
  it('goes once after sign-up and its link logs the new client in on the task list', async () => {
    inbox = [];
    const c = await signUpClient(t);
    clients.push(c);
    const [welcome, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect(welcome?.to).toEqual([c.email]);
    expect(welcome?.subject).toBe('Welcome to Geekly');
    expect(welcome?.text).toContain('Your account is ready.');
    const link = linkOf(welcome as Mail);
    expect(link.to).toBe('/orders');
    const login = await call(t, {
      url: '/factor_auth',
      body: { type: 'check_code', factor: 'token', value: link.token },
      ip: t.nextIp(),
    });
    expect(login.status).toBe(200);
    expect(login.body.redirect_path).toBe('/orders');
    expect(await queueReceipts(t.ctx, c.id)).toBe(0);
  });
});

describe('receipts', () => {
  it('mails the deposit, the remaining 70%, an add-on and a tip with the amounts the ledger recorded', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 10);
    expect(receiptsOf(await delivered())).toEqual([]); // a staff credit is no payment of the client's
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 }); // $26.55: deposit $7.97, rest $18.58
    const deposit = await pay(c.token, o._id, {
      account_balance_use: 1000,
      partial: true,
      expected_price: 26.55,
    });
    expect(deposit.body.status).toBe('paid');
    const depositMails = await delivered();
    const [depositMail, ...afterDeposit] = receiptsOf(depositMails);
    expect(afterDeposit).toEqual([]);
    // The task's first payment: its receipt says what it means, and no second mail says it again.
    expect(depositMail?.text).toContain(
      'We received payment for your task. This means a Geek can work on it. We will contact you in case your Geek needs clarifications.',
    );
    expect(depositMails.filter((m) => m !== depositMail).map((m) => m.subject)).toEqual([]);
    expect(depositMail?.to).toEqual([c.email]);
    expect(depositMail?.subject).toMatch(/^Receipt: Deposit \(30%\) for task #\d+$/);
    expect(depositMail?.text).toContain('Amount: $7.97');
    expect(depositMail?.text).toContain('Paid from your balance: $7.97');
    expect(depositMail?.text).not.toContain('Paid by card');
    expect(depositMail?.html).toContain('Amount: $7.97');
    const link = linkOf(depositMail as Mail);
    expect(link).toMatchObject({ to: `/order/${o._id}`, hash: '#orderemail' });

    // The rest by card, $2.03 of it from the balance.
    const rest = await pay(c.token, o._id, { account_balance_use: 203 });
    await payWithCard(t, rest.body.gateway, CARDS.success);
    const [restMail, ...afterRest] = receiptsOf(await delivered());
    expect(afterRest).toEqual([]);
    expect(restMail?.subject).toMatch(/^Receipt: Remaining 70% for task #\d+$/);
    expect(restMail?.text).toContain('Amount: $18.58');
    expect(restMail?.text).toContain('Paid by card: $16.55');
    expect(restMail?.text).toContain('Paid from your balance: $2.03');
    expect(restMail?.text).not.toContain('This means a Geek can work on it');

    // An add-on bought after the task was paid, by card.
    await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'service_add', tag: 'adv_plagreport' },
    });
    const addOn = await pay(c.token, o._id, { account_balance_use: 0, context: 'add_ons' });
    await payWithCard(t, addOn.body.gateway, CARDS.success);
    const [addOnMail] = receiptsOf(await delivered());
    expect(addOnMail?.subject).toMatch(/^Receipt: Add-ons for task #\d+$/);
    expect(addOnMail?.text).toContain('Amount: $7.99');
    expect(addOnMail?.text).toContain('Paid by card: $7.99');
    expect(addOnMail?.text).not.toContain('This means a Geek can work on it');

    // The work is delivered; a $5 tip by card.
    for (const step of ['accept_instructions', 'assign_geek', 'start_work', 'deliver']) {
      if (step === 'deliver') await uploadGeekFile(t, ops, o._id);
      expect((await operate(o._id, step, step === 'assign_geek' ? { writer_id: geekId } : {})).status).toBe(
        200,
      );
    }
    await delivered();
    const tip = await call(t, { url: `/orders/${o._id}/tips`, token: c.token, body: { amount: '5' } });
    await payWithCard(t, tip.body.gateway, CARDS.success);
    const [tipMail] = receiptsOf(await delivered());
    expect(tipMail?.subject).toMatch(/^Receipt: Tip for the Geek of task #\d+$/);
    expect(tipMail?.text).toContain('Amount: $5.00');
    expect(tipMail?.text).toContain('Paid by card: $5.00');

    // Each receipt's amount is the one the ledger recorded for that payment.
    const spent = (await history(c.token)).filter(([kind]) => /^(order_payment|tip)_/.test(kind));
    expect(spent).toEqual([
      ['tip_card', -5],
      ['order_payment_card', -7.99],
      ['order_payment_card', -18.58],
      ['order_payment_balance', -7.97],
    ]);
  });

  it('mails a card top-up and a subscription month', async () => {
    const c = await client();
    await topUp(t, c.token, '42.50');
    const [topUpMail, ...others] = receiptsOf(await delivered());
    expect(others).toEqual([]);
    expect(topUpMail?.subject).toBe('Receipt: balance top-up');
    expect(topUpMail?.text).toContain('Amount: $42.50');
    expect(topUpMail?.text).toContain('Paid by card: $42.50');
    expect(linkOf(topUpMail as Mail).to).toBe('/balance');

    const sub = await call(t, { url: '/subscriptions', token: c.token, body: { tag: 'premium' } });
    expect(sub.status).toBe(200);
    await payWithCard(t, sub.body.gateway, CARDS.success);
    const [subMail, ...more] = receiptsOf(await delivered());
    expect(more).toEqual([]);
    expect(subMail?.subject).toMatch(/^Receipt: Premium/);
    expect(subMail?.text).toContain('Amount: $9.99');
    expect(subMail?.text).toContain('Paid by card: $9.99');
    expect(linkOf(subMail as Mail).to).toBe('/subscription');
    expect(await history(c.token)).toEqual([
      ['subscription_charge', -9.99],
      ['card_subscription', 9.99],
      ['card_top_up', 42.5],
    ]);
  });

  it('never sends two receipts for one payment: replayed webhooks, another event for it, a second sweep', async () => {
    const c = await client();
    const res = await call(t, { url: '/balance/top-up', token: c.token, body: { amount: 40 } });
    const event = succeeded(res.body.payment_id, 4000);
    for (let i = 0; i < 5; i++) expect((await sandboxWebhook(event)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => sandboxWebhook(event)));
    await Promise.all(Array.from({ length: 5 }, () => sandboxWebhook(succeeded(res.body.payment_id, 4000))));
    expect(await queueReceipts(t.ctx)).toBe(0);
    expect(await queueReceipts(t.ctx, c.id)).toBe(0);
    const receipts = receiptsOf(await delivered());
    expect(receipts.map((m) => m.subject)).toEqual(['Receipt: balance top-up']);
    expect(receipts[0]?.text).toContain('Amount: $40.00');
  });

  it('a mail failure never undoes a payment; the sweep sends the receipt later, once', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const enqueue = t.ctx.mailer.enqueue;
    // The receipt's mail fails (the status mail of the payment's own transaction still goes through).
    t.ctx.mailer.enqueue = async (tx, message, opts) => {
      if (opts?.dedupeKey?.startsWith('receipt:')) throw new Error('outbox unavailable');
      return enqueue(tx, message, opts);
    };
    try {
      const paid = await pay(c.token, o._id, { account_balance_use: 3000 });
      expect(paid.status).toBe(200);
      expect(paid.body.status).toBe('paid');
    } finally {
      t.ctx.mailer.enqueue = enqueue;
    }
    expect((await call(t, { url: `/orders/${o._id}`, token: c.token })).body.client_paid).toBe(26.55);
    expect(receiptsOf(await delivered())).toEqual([]);
    // The minute's sweep (every process runs it) finds the payment without a receipt.
    expect(await queueReceipts(t.ctx)).toBeGreaterThanOrEqual(1);
    const [late] = receiptsOf(await delivered()).filter((m) => m.to[0] === c.email);
    expect(late?.subject).toMatch(/^Receipt: Payment for task #\d+$/);
    expect(late?.text).toContain('Amount: $26.55');
    expect(await queueReceipts(t.ctx)).toBe(0);
  });

  it('mails a card payment the task could no longer take as money kept on the balance', async () => {
    const c = await client();
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    const card = await pay(c.token, o._id, { account_balance_use: 0, expected_price: 26.55 });
    await creditBalance(t, ops, c.id, 30);
    expect((await pay(c.token, o._id, { account_balance_use: 3000 })).body.status).toBe('paid');
    await payWithCard(t, card.body.gateway, CARDS.success);
    const receipts = receiptsOf(await delivered());
    expect(receipts.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Receipt: Payment for task #\d+$/),
      'Receipt: card payment added to your balance',
    ]);
    expect(receipts[1]?.text).toContain('Amount: $26.55');
    expect(linkOf(receipts[1] as Mail).to).toBe('/balance');
  });
});

describe("the 'refund requested' mail", () => {
  it('tells the client the request arrived, with a link to the task', async () => {
    const c = await client();
    await creditBalance(t, ops, c.id, 30);
    const o = await pricedOrder(t, c.token, { pages: 1, hours: 100 });
    await pay(c.token, o._id, { account_balance_use: 3000 });
    await delivered();
    const asked = await call(t, {
      url: `/orders/${o._id}`,
      token: c.token,
      body: { action: 'client_refund', comment: 'balance - I do not need it', refund_to: 'balance' },
    });
    expect(asked.status).toBe(200);
    const [mail, ...rest] = await delivered();
    expect(rest).toEqual([]);
    expect(mail?.subject).toMatch(/^We received your refund request — task #\d+$/);
    expect(mail?.text).toContain('We will review your refund request');
    expect(linkOf(mail as Mail)).toMatchObject({ to: `/order/${o._id}`, hash: '#orderemail' });
    const rows = (await t.db.execute(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });
});
