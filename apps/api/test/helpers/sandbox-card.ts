import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { countQueueGroups, keptQueueCounts } from '../../src/modules/ops/ops.repository.ts';
import { call, type TestApp } from './test-app.ts';

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  serverError: '4000 0000 0000 0119',
} as const;

export type GatewayForm = { url: string; method: 'POST'; fields: Record<string, string> };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the gateway form as the browser does; answers the card page's address (or the refusal). */
export async function openCardPage(t: TestApp, gateway: GatewayForm) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(gateway.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: form(gateway.fields),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
}

/** Opens the card page and submits a card; answers where the gateway sends the browser back to. */
export async function payWithCard(
  t: TestApp,
  gateway: GatewayForm,
  card: string = CARDS.success,
  extra: Partial<Record<'expiry' | 'cvc' | 'name', string>> = {},
) {
  const opened = await openCardPage(t, gateway);
  expect(opened.status).toBe(303);
  const page = await t.app.inject({ method: 'GET', url: opened.location ?? '' });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const res = await t.app.inject({
    method: 'POST',
    url: `${opened.location}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ token, card_number: card, expiry: '12/40', cvc: '123', name: 'Ada Student', ...extra }),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
}

/** Starts a top-up and pays it with the card; answers the return address. */
export async function topUp(
  t: TestApp,
  token: string,
  dollars: number | string,
  card: string = CARDS.success,
) {
  const res = await call(t, { url: '/balance/top-up', token, body: { amount: dollars } });
  expect(res.status).toBe(200);
  return { ...(await payWithCard(t, res.body.gateway, card)), paymentId: res.body.payment_id as string };
}

const num = (v: unknown) => Number(v ?? 0);
const rowsOf = async (t: TestApp, q: SQL) =>
  ((await t.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The money invariants every payment test ends with: each ledger transaction sums to zero; no balance and no
 * task's paid amount is negative; what the API reports equals the ledger's sums; a succeeded card payment has
 * exactly one card transaction and any other payment none.
 */
export async function expectLedgerConsistent(t: TestApp, clients: { token: string; id: string }[] = []) {
  const unbalanced = await rowsOf(
    t,
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const total = await rowsOf(t, sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries`);
  expect(num(total[0]?.s)).toBe(0);
  const negative = await rowsOf(
    t,
    sql`select account_type, account_id, sum(amount_cents) as s from ledger_entries
        where account_type in ('user', 'order', 'geek') group by account_type, account_id having sum(amount_cents) < 0`,
  );
  expect(negative).toEqual([]);
  // The paid amount and message count kept on each task by triggers (decision 025) are the ledger's and the
  // messages' own.
  const drifted = await rowsOf(
    t,
    sql`select o.id, o.paid_cents, o.messages_count from orders o
        where o.paid_cents <> coalesce((select sum(l.amount_cents) from ledger_entries l
          where l.account_type = 'order' and l.account_id = o.id), 0)
        or o.messages_count <> (select count(*) from order_messages m where m.order_id = o.id)`,
  );
  expect(drifted).toEqual([]);
  expect(await keptFiguresDrift(t)).toEqual([]);
  const cardTx = await rowsOf(
    t,
    sql`select p.id, p.status, count(lt.id) as n from payments p
        left join ledger_transactions lt on lt.idempotency_key = 'payment:' || p.id || ':card'
        group by p.id, p.status`,
  );
  for (const row of cardTx as { status: string; n: unknown }[])
    expect(num(row.n)).toBe(row.status === 'succeeded' ? 1 : 0);
  for (const c of clients) {
    const sums = await rowsOf(
      t,
      sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries where account_type = 'user' and account_id = ${c.id}`,
    );
    const me = await call(t, { url: '/users/client/me', token: c.token });
    expect(Math.round(me.body.available_balance * 100)).toBe(num(sums[0]?.s));
    const orders = await call(t, { url: '/orders?page=0', token: c.token });
    for (const o of orders.body.results as { _id: string; client_paid: number }[]) {
      const paid = await rowsOf(
        t,
        sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries where account_type = 'order' and account_id = ${o._id}`,
      );
      expect(Math.round(o.client_paid * 100)).toBe(num(paid[0]?.s));
    }
  }
}

/**
 * Decision 056's kept figures that differ from the rows they summarise: each task's unread counts and newest
 * message times, each Geek's
 * load, delivered tasks and marks, each Geek's earnings and tips by day and by month, and the queue's badges.
 * Empty when all agree.
 */
export async function keptFiguresDrift(t: TestApp): Promise<unknown[]> {
  const deadlineBefore = new Date(t.ctx.now().getTime() + 24 * 3_600_000);
  const badges = {
    kept: await keptQueueCounts(t.db, deadlineBefore),
    counted: await countQueueGroups(t.db, { all: false, deadlineBefore, limit: 200 }),
  };
  return [
    ...(Object.entries(badges.kept).every(([g, n]) => badges.counted[g as keyof typeof badges.counted] === n)
      ? []
      : [{ kind: 'queue counts', ...badges }]),
    ...(await rowsOf(
      t,
      sql`select 'unread' as kind, o.id from orders o
        where o.unread_client_messages <> (select count(*) from order_messages m where m.order_id = o.id
            and m.status = 'unread' and m.sender_role = 'client')
          or o.unread_for_client <> (select count(*) from order_messages m where m.order_id = o.id
            and m.status = 'unread' and m.sender_role <> 'client')`,
    )),
    ...(await rowsOf(
      t,
      sql`select 'last message' as kind, o.id from orders o
        where o.last_message_at is distinct from (select max(m.created_at) from order_messages m where m.order_id = o.id)
          or o.client_last_message_at is distinct from (select max(m.created_at) from order_messages m
            where m.order_id = o.id and m.sender_role = 'client')`,
    )),
    ...(await rowsOf(
      t,
      sql`select 'geek' as kind, g.id from geeks g left join geek_stats s on s.geek_id = g.id
        left join lateral (select
            count(*) filter (where o.system_client_status in ('In Progress', 'Revision Requested')) as load,
            count(*) filter (where o.client_status in ('Sent', 'Revision sent') and not o.refunded) as completed,
            coalesce(sum(o.mark) filter (where o.mark > 0), 0) as marks_sum,
            count(*) filter (where o.mark > 0) as marks_n
          from orders o where o.writer_id = g.id) c on true
        where (coalesce(s.load, 0), coalesce(s.completed, 0), coalesce(s.marks_sum, 0), coalesce(s.marks_n, 0))
          <> (c.load, c.completed, c.marks_sum, c.marks_n)`,
    )),
    ...(await rowsOf(
      t,
      sql`with truth as (
          select e.account_id as geek_id, date_trunc('month', (l.created_at at time zone 'UTC'))::date as month,
            (l.created_at at time zone 'UTC')::date as day,
            case when l.kind = 'geek_earning' then e.amount_cents else 0 end as earned,
            case when left(l.kind, 4) = 'tip_' then e.amount_cents else 0 end as tips,
            case when l.kind = 'geek_earning' then 1 else 0 end as tasks
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where e.account_type = 'geek' and (l.kind = 'geek_earning' or left(l.kind, 4) = 'tip_')),
        days as (select geek_id, day, sum(earned) as earned, sum(tips) as tips, sum(tasks) as tasks
          from truth group by 1, 2),
        months as (select geek_id, month, sum(earned) as earned, sum(tips) as tips, sum(tasks) as tasks
          from truth group by 1, 2)
        select 'earning day' as kind, coalesce(d.geek_id, k.geek_id) as id from days d
          full join geek_earning_days k on k.geek_id = d.geek_id and k.day = d.day
          where (d.earned, d.tips, d.tasks) is distinct from (k.earned_cents, k.tips_cents, k.tasks)
        union all
        select 'earning month', coalesce(m.geek_id, k.geek_id) from months m
          full join geek_earning_months k on k.geek_id = m.geek_id and k.month = m.month
          where (m.earned, m.tips, m.tasks) is distinct from (k.earned_cents, k.tips_cents, k.tasks)`,
    )),
  ];
}
