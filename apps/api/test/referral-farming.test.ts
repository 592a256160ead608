import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeks } from '../src/db/schema.ts';
import { uploadGeekFile } from './helpers/files.ts';
import { CARDS, expectLedgerConsistent, payWithCard } from './helpers/sandbox-card.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
  type TestApp,
} from './helpers/test-app.ts';

// Issue 23 item 7 (decision 029): the referral bonus waits for a referred task that is fully paid and
// delivered, is taken back when that task is refunded, and is withheld when two accounts invited by one person
// share a card, a verified phone or a browser; a phone verifies one account at a time, and a released number
// waits 30 days before it verifies another account.
let t: TestApp;
let ops: string;
let geekId: string;
const DAY = 24 * 3_600_000;

/** Moves the test clock; staff tokens live hours (decision 027), so staff log in again at the new time. */
async function moveClock(offsetMs: number) {
  t.clock.offsetMs = offsetMs;
  ops = await staffToken(t);
}

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '100000' });
  ops = await staffToken(t);
  const [geek] = await t.db.insert(geeks).values({ publicFullName: 'R.', major: 'English' }).returning();
  geekId = geek?.id ?? '';
});
afterAll(async () => t?.close());

type Client = { token: string; id: string };
const me = async (token: string) => (await call(t, { url: '/users/client/me', token })).body;
const earned = async (referrer: Client) =>
  (await call(t, { url: '/referral', token: referrer.token })).body.earn as number;
async function referred(code: string, cookie?: string): Promise<Client & { device: string }> {
  const res = await call(t, {
    url: '/users/client/new',
    cookie,
    body: {
      email: `farm-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret pass',
      referred_by: code,
    },
    ip: t.nextIp(),
  });
  expect(res.status).toBe(201);
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);
  const device = cookies.find((c) => c.startsWith('geekly_device='))?.split(';')[0] ?? cookie ?? '';
  return { token: res.body.jwt as string, id: res.body.user._id as string, device };
}
async function referrerWithCode() {
  const referrer = await signUpClient(t);
  return { referrer, code: (await me(referrer.token)).referral_code as string };
}
let phoneCounter = 0;
const newPhone = () => `+8529${String(Date.now() + ++phoneCounter).slice(-7)}`;
const lastSmsCode = () => /code is (\d{6})/.exec(t.sentSms().at(-1) ?? '')?.[1] ?? '';
const setPhone = (token: string, phone: string) =>
  call(t, { method: 'PATCH', url: '/users/client/me', token, body: { phone, country: 'HK' } });
/** Sends a code to the phone the client has and checks it; answers the check's response. */
async function confirmPhone(token: string) {
  await call(t, { url: '/users/client/me/phone-verification', token, body: {} });
  return call(t, { url: '/users/client/me/phone-verification/check', token, body: { code: lastSmsCode() } });
}
async function verifyPhone(token: string, phone = newPhone()) {
  expect((await setPhone(token, phone)).status).toBe(200);
  expect((await confirmPhone(token)).body).toEqual({ phone_verified: true });
  return phone;
}
/** Pays a new task in full by card (or only its deposit); answers the task. */
async function payTask(client: Client, opts: { card?: string; partial?: boolean } = {}) {
  const order = await pricedOrder(t, client.token, { pages: 1 });
  const res = await call(t, {
    url: `/orders/${order._id}/pay`,
    token: client.token,
    body: { account_balance_use: 0, ...(opts.partial ? { partial: true } : {}) },
  });
  expect(res.status).toBe(200);
  await payWithCard(t, res.body.gateway, opts.card ?? CARDS.success);
  return order;
}
const operate = (id: string, name: string) =>
  call(t, {
    url: `/ops/orders/${id}/transitions`,
    token: ops,
    body: name === 'assign_geek' ? { name, writer_id: geekId } : { name },
  });
async function deliver(orderId: string) {
  for (const step of ['assign_geek', 'start_work', 'deliver']) {
    if (step === 'deliver') await uploadGeekFile(t, ops, orderId);
    const res = await operate(orderId, step);
    expect([step, res.status]).toEqual([step, 200]);
  }
}

describe('when the referral bonus is paid', () => {
  it('waits until a referred task is fully paid and delivered', async () => {
    const { referrer, code } = await referrerWithCode();
    const friend = await referred(code);
    await verifyPhone(friend.token);
    // A deposit alone earns nothing, delivered or not.
    const order = await payTask(friend, { partial: true });
    expect(await earned(referrer)).toBe(0);
    await deliver(order._id);
    expect(await earned(referrer)).toBe(0);
    // The remaining 70% makes the delivered task fully paid: the bonus is paid then.
    const rest = await call(t, {
      url: `/orders/${order._id}/pay`,
      token: friend.token,
      body: { account_balance_use: 0 },
    });
    await payWithCard(t, rest.body.gateway);
    expect(await earned(referrer)).toBe(10);
    expect((await me(referrer.token)).available_balance).toBe(10);
    await expectLedgerConsistent(t, [referrer, friend]);
  });

  it('waits for the delivery of a task paid in full, and for the phone when it comes last', async () => {
    const { referrer, code } = await referrerWithCode();
    const friend = await referred(code);
    const order = await payTask(friend);
    await verifyPhone(friend.token);
    expect(await earned(referrer)).toBe(0); // paid in full, phone confirmed, not delivered
    await deliver(order._id);
    expect(await earned(referrer)).toBe(10);
    const later = await referred(code);
    // Another card than the first friend's: two invited accounts paying with one card earn one bonus.
    await deliver((await payTask(later, { card: '4000 0000 0000 0341' }))._id);
    expect(await earned(referrer)).toBe(10); // no confirmed phone yet
    await verifyPhone(later.token);
    expect(await earned(referrer)).toBe(20);
    await expectLedgerConsistent(t, [referrer, friend, later]);
  });

  it('takes the bonus back with a ledger entry when the task that earned it is refunded', async () => {
    const { referrer, code } = await referrerWithCode();
    const friend = await referred(code);
    await verifyPhone(friend.token);
    const order = await payTask(friend);
    await deliver(order._id);
    expect(await earned(referrer)).toBe(10);
    const asked = await call(t, {
      url: `/orders/${order._id}`,
      token: friend.token,
      body: { action: 'client_refund', comment: 'balance - Other', refund_to: 'balance' },
    });
    expect(asked.status).toBe(200);
    expect((await operate(order._id, 'accept_refund')).status).toBe(200);
    expect(await earned(referrer)).toBe(0);
    expect((await me(referrer.token)).available_balance).toBe(0);
    const history = await call(t, { url: '/balance/history', token: referrer.token });
    expect(history.body.results.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['referral_bonus_reversed', -10],
      ['referral_bonus', 10],
    ]);
    // A second task of the same friend, delivered and kept, earns it again.
    const second = await payTask(friend);
    await deliver(second._id);
    expect(await earned(referrer)).toBe(10);
    await expectLedgerConsistent(t, [referrer, friend]);
  });

  it('takes back no more than the referrer still has when they spent the bonus', async () => {
    const { referrer, code } = await referrerWithCode();
    const friend = await referred(code);
    await verifyPhone(friend.token);
    const order = await payTask(friend);
    await deliver(order._id);
    // The referrer spends most of the bonus on a task of their own.
    await creditBalance(t, ops, referrer.id, 20);
    const own = await pricedOrder(t, referrer.token, { pages: 1 }); // $26.55
    const spent = await call(t, {
      url: `/orders/${own._id}/pay`,
      token: referrer.token,
      body: { account_balance_use: 100_000 },
    });
    expect(spent.status).toBe(200);
    expect((await me(referrer.token)).available_balance).toBe(3.45);
    await call(t, {
      url: `/ops/orders/${order._id}/refunds`,
      token: ops,
      body: { amount: 1, to: 'balance', memo: 'late' },
    });
    expect((await me(referrer.token)).available_balance).toBe(0);
    expect(await earned(referrer)).toBe(6.55);
    await expectLedgerConsistent(t, [referrer, friend]);
  });
});

describe('the bonus under concurrency', () => {
  it('pays one bonus when two tasks of one friend are delivered at once', async () => {
    const { referrer, code } = await referrerWithCode();
    const friend = await referred(code);
    await verifyPhone(friend.token);
    const tasks = [await payTask(friend), await payTask(friend)];
    for (const task of tasks) {
      for (const step of ['assign_geek', 'start_work'])
        expect((await operate(task._id, step)).status).toBe(200);
      await uploadGeekFile(t, ops, task._id);
    }
    const delivered = await Promise.all(tasks.map((task) => operate(task._id, 'deliver')));
    expect(delivered.map((r) => r.status)).toEqual([200, 200]);
    expect(await earned(referrer)).toBe(10);
    await expectLedgerConsistent(t, [referrer, friend]);
  }, 60_000);
});

describe('the bonus when the last two conditions arrive at once', () => {
  it('pays it when the delivery and the phone check of a friend land together', async () => {
    const { referrer, code } = await referrerWithCode();
    const friends = [];
    for (const card of [CARDS.success, '4000 0000 0000 0341']) {
      const friend = await referred(code);
      const task = await payTask(friend, { card });
      for (const step of ['assign_geek', 'start_work'])
        expect((await operate(task._id, step)).status).toBe(200);
      await uploadGeekFile(t, ops, task._id);
      expect((await setPhone(friend.token, newPhone())).status).toBe(200);
      await call(t, { url: '/users/client/me/phone-verification', token: friend.token, body: {} });
      friends.push({ friend, task, code: lastSmsCode() });
    }
    for (const { friend, task, code: sms } of friends) {
      const [delivered, checked] = await Promise.all([
        operate(task._id, 'deliver'),
        call(t, {
          url: '/users/client/me/phone-verification/check',
          token: friend.token,
          body: { code: sms },
        }),
      ]);
      expect([delivered.status, checked.body]).toEqual([200, { phone_verified: true }]);
    }
    expect(await earned(referrer)).toBe(20);
    await expectLedgerConsistent(t, [referrer, ...friends.map((f) => f.friend)]);
  }, 60_000);
});

describe('accounts invited by one person that share a signal', () => {
  it('pays one bonus, not two, for two invited accounts paying with one card', async () => {
    const { referrer, code } = await referrerWithCode();
    const a = await referred(code);
    const b = await referred(code);
    for (const friend of [a, b]) {
      await verifyPhone(friend.token);
      await deliver((await payTask(friend, { card: '4242 4242 4242 4242' }))._id);
    }
    expect(await earned(referrer)).toBe(10);
    expect((await me(b.token)).isReferralAbuser).toBe(true);
    expect((await me(a.token)).isReferralAbuser).toBe(true);
    await expectLedgerConsistent(t, [referrer, a, b]);
  });

  it('pays no bonus for two invited accounts that signed up in one browser', async () => {
    const { referrer, code } = await referrerWithCode();
    const a = await referred(code);
    const b = await referred(code, a.device);
    expect(a.device).toMatch(/^geekly_device=/);
    expect((await me(a.token)).isReferralAbuser).toBe(true);
    expect((await me(b.token)).isReferralAbuser).toBe(true);
    await verifyPhone(a.token);
    await deliver((await payTask(a))._id);
    await verifyPhone(b.token);
    await deliver((await payTask(b, { card: '4000 0000 0000 0341' }))._id);
    expect(await earned(referrer)).toBe(0);
    await expectLedgerConsistent(t, [referrer, a, b]);
  });

  it('pays one bonus for two invited accounts that verified one phone, even 30 days apart', async () => {
    const { referrer, code } = await referrerWithCode();
    const a = await referred(code);
    const b = await referred(code);
    const phone = await verifyPhone(a.token);
    await deliver((await payTask(a))._id);
    expect(await earned(referrer)).toBe(10);
    expect((await setPhone(a.token, newPhone())).status).toBe(200); // releases the number
    const start = t.clock.offsetMs;
    await moveClock(start + 31 * DAY);
    await verifyPhone(b.token, phone);
    await deliver((await payTask(b, { card: '4000 0000 0000 0341' }))._id);
    expect(await earned(referrer)).toBe(10);
    expect((await me(b.token)).isReferralAbuser).toBe(true);
    await moveClock(start);
    await expectLedgerConsistent(t, [referrer, a, b]);
  });
});

describe('one phone number, one account', () => {
  it('does not let a released number verify another account for 30 days', async () => {
    const first = await signUpClient(t);
    const second = await signUpClient(t);
    const phone = await verifyPhone(first.token);
    // Held: the other account cannot even save it.
    expect((await setPhone(second.token, phone)).status).toBe(409);
    expect((await setPhone(first.token, newPhone())).status).toBe(200);
    expect((await setPhone(second.token, phone)).status).toBe(200);
    const sent = await call(t, { url: '/users/client/me/phone-verification', token: second.token, body: {} });
    expect(sent.status).toBe(422);
    expect(sent.body.error_value).toEqual({
      phone: 'This phone number confirmed another account less than 30 days ago',
    });
    const start = t.clock.offsetMs;
    await moveClock(start + 29 * DAY);
    expect((await confirmPhone(second.token)).status).toBe(422);
    expect((await me(second.token)).phone_verified).toBe(false);
    await moveClock(start + 30 * DAY + 60_000);
    expect((await confirmPhone(second.token)).body).toEqual({ phone_verified: true });
    await moveClock(start);
  });

  it('lets the account that released a number verify it again at once', async () => {
    const first = await signUpClient(t);
    const second = await signUpClient(t);
    const phone = await verifyPhone(first.token);
    expect((await setPhone(first.token, newPhone())).status).toBe(200);
    // The first account takes the number back: it may verify it again at once.
    expect((await setPhone(first.token, phone)).status).toBe(200);
    expect((await confirmPhone(first.token)).body).toEqual({ phone_verified: true });
    expect((await setPhone(second.token, phone)).status).toBe(409);
  });
});
