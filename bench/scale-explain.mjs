// EXPLAIN (ANALYZE, BUFFERS) of each query decision 056 changed, before and after, on a database bench:scale left
// (`--keep`). "Before" is the old statement, with the indexes it did not have dropped inside a transaction that is
// rolled back (nothing changes); "after" is the statement this build runs. JIT as the server's default for
// "before" (the app ran with it) unless the step says (the app turned it off before the later changes), off for
// "after" (decision 056).
// Usage: node bench/scale-explain.mjs [database name, default geekly_scale_bench_1000000] [regexp of the names]
import pg from 'pg';

const name = process.argv[2] ?? 'geekly_scale_bench_1000000';
const only = process.argv[3] ? new RegExp(process.argv[3], 'i') : null;
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

const student1 = `md5('student1')::uuid`;
const geek1 = `md5('geek1')::uuid`;
const [{ task }] = (
  await client.query(
    `select id as task from orders where user_id = md5('student2')::uuid and paid_cents > 0 limit 1`,
  )
).rows;
const [{ tx }] = (
  await client.query(`select transaction_id as tx from ledger_entries order by seq desc limit 1`)
).rows;
const deadlineBefore = `now() + interval '24 hours'`;
const year = new Date().getUTCFullYear();

const OFFERS = `select * from orders where writer_id is null and system_client_status = 'Paid' and client_remove = false
  and paid_cents > 0 and tags ? 'instr_ok'
  and not exists (select 1 from client_geeks cg where cg.user_id = orders.user_id and cg.geek_id = ${geek1} and cg.blocked)
  and (subject in (select jsonb_array_elements_text(public_subjects) from geeks where id = ${geek1})
    or services @> jsonb_build_array(jsonb_build_object('tag', 'client_recomended_writer', 'writerId', ${geek1})))
  order by client_paid_at_first, number limit 100`;

/** The queue's "messages" group as one group's page reads it (groupCondition, ops.repository.ts). */
const MESSAGES_GROUP = `o2.client_remove = false and o2.unread_client_messages > 0
  and not coalesce(o2.system_client_status = 'Refund Requested', false)
  and not coalesce(o2.tags @> '["quality_check"]'::jsonb, false)
  and not coalesce((o2.system_client_status = 'Revision Requested' or o2.client_status = 'On revision'), false)
  and not coalesce((o2.paid_cents > 0 and o2.system_client_status in ('Paid', 'Refund Declined')
    and (o2.system_client_status = 'Paid' or o2.client_status = 'Nerd found' or o2.writer_id is null)), false)
  and not coalesce((o2.system_client_status = 'In Progress' and o2.deadline < ${deadlineBefore}), false)`;
const QUEUE_MESSAGES = (keyset, limit) => `select o.*, u.email, g.public_full_name
  from orders o join users u on u.id = o.user_id left join geeks g on g.id = o.writer_id
  where o.id in (select o2.id from orders o2 where ${MESSAGES_GROUP} ${keyset}
    order by o2.deadline, o2.id limit ${limit})
  order by o.deadline, o.id`;
/** The 50th task of the first page: the cursor of the second. */
const QUEUE_MESSAGES_50TH = `select o2.id from orders o2 where ${MESSAGES_GROUP} order by o2.deadline, o2.id offset 49 limit 1`;

/** The offers as the third pass reads them: the Geek's subjects and the chosen Geek apart, merged. */
const OFFERS_OPEN = `writer_id is null and system_client_status = 'Paid' and client_remove = false and paid_cents > 0
  and tags ? 'instr_ok'
  and not exists (select 1 from client_geeks cg where cg.user_id = orders.user_id and cg.geek_id = ${geek1} and cg.blocked)`;
const OFFERS_APART = `select * from orders where id in (
    (select id from orders where ${OFFERS_OPEN}
      and subject in (select jsonb_array_elements_text(public_subjects) from geeks where id = ${geek1})
      order by client_paid_at_first, number limit 100)
    union (select id from orders where ${OFFERS_OPEN}
      and services @> jsonb_build_array(jsonb_build_object('tag', 'client_recomended_writer', 'writerId', ${geek1}))
      order by client_paid_at_first, number limit 100))
  order by client_paid_at_first, number limit 100`;

const QUERIES = [
  {
    name: 'The queue, refund group (GET /ops/orders?group=refund)',
    before: {
      drop: [],
      sql: `select o.*, u.email, (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
          where e.account_type = 'order' and e.account_id = o.id),
        (select count(*)::int from order_messages m where m.order_id = o.id and m.sender_role = 'client' and m.status = 'unread')
        from orders o join users u on u.id = o.user_id left join geeks g on g.id = o.writer_id
        where o.client_remove = false and (o.system_client_status in ('Paid', 'Refund Requested', 'Revision Requested', 'Refund Declined')
          or o.client_status = 'On revision' or (o.system_client_status = 'In Progress' and o.deadline < ${deadlineBefore})
          or exists (select 1 from order_messages m where m.order_id = o.id and m.sender_role = 'client' and m.status = 'unread'))
        order by o.deadline limit 200`,
    },
    after: {
      sql: `select o.*, u.email, o.paid_cents, o.unread_client_messages, g.public_full_name
        from orders o join users u on u.id = o.user_id left join geeks g on g.id = o.writer_id
        where o.id in (select page.id from ((select id, deadline from orders where client_remove = false
          and system_client_status = 'Refund Requested' order by deadline limit 200)) page order by page.deadline limit 200)
        order by o.deadline, o.id`,
    },
  },
  {
    name: "Search by a student's e-mail (GET /ops/orders?all=true&q=…)",
    before: {
      drop: ['orders_title_trgm_idx', 'users_email_trgm_idx', 'orders_deadline_idx'],
      sql: `select o.id from orders o join users u on u.id = o.user_id where o.client_remove = false
        and (o.title ilike '%student2@bench.example%' or u.email ilike '%student2@bench.example%')
        order by o.deadline limit 200`,
    },
    after: {
      sql: `select id from orders where client_remove = false and id in (
          select o.id from orders o where o.title ilike '%student2@bench.example%'
          union select o.id from orders o where o.user_id in (
            select u.id from users u where u.email ilike '%student2@bench.example%'))
        order by deadline limit 200`,
    },
  },
  {
    name: "The Geeks page (GET /ops/geeks): each Geek's load",
    before: {
      drop: [],
      sql: `select g.id, (select count(*)::int from orders o where o.writer_id = g.id
        and o.system_client_status in ('In Progress', 'Revision Requested')) from geeks g order by g.public_full_name`,
    },
    after: {
      sql: `select g.id, coalesce(s.load, 0) from geeks g left join geek_stats s on s.geek_id = g.id
        order by g.public_full_name`,
    },
  },
  {
    name: "A Geek's figures (My Geeks, the Geek's profile): real marks and delivered tasks",
    before: {
      drop: [],
      sql: `select writer_id, avg(nullif(mark, 0)), count(case when client_status in ('Sent', 'Revision sent')
        and not refunded then 1 end) from orders where writer_id in (select id from geeks limit 50) group by writer_id`,
    },
    after: { sql: 'select * from geek_stats where geek_id in (select id from geeks limit 50)' },
  },
  {
    name: 'Geek earnings totals for a year (GET /ops/geek-earnings, the payout CSV)',
    before: {
      drop: [],
      sql: `select g.id, count(distinct t.order_id) filter (where t.kind = 'geek_earning'),
        coalesce(sum(e.amount_cents) filter (where t.kind = 'geek_earning'), 0),
        coalesce(sum(e.amount_cents) filter (where t.kind like 'tip_%'), 0)
        from geeks g left join ledger_entries e on e.account_type = 'geek' and e.account_id = g.id
        left join ledger_transactions t on t.id = e.transaction_id
          and t.created_at >= '${year - 1}-12-01' and t.created_at < '${year}-12-01'
        group by g.id, g.public_full_name order by g.public_full_name, g.id`,
    },
    after: {
      sql: `select g.id, coalesce(t.tasks, 0), coalesce(t.earned, 0), coalesce(t.tips, 0) from geeks g
        left join (select s.geek_id, sum(s.earned_cents) as earned, sum(s.tips_cents) as tips, sum(s.tasks) as tasks
          from (select geek_id, earned_cents, tips_cents, tasks from geek_earning_months
            where month >= '${year - 1}-12-01' and month < '${year}-12-01') s group by s.geek_id) t on t.geek_id = g.id
        order by g.public_full_name, g.id`,
    },
  },
  {
    name: 'The notification (GET /notification): unread messages per task of the 5,000-task student',
    before: {
      drop: [],
      sql: `select m.order_id, count(*)::int from order_messages m join orders o on o.id = m.order_id
        where o.user_id = ${student1} and o.client_remove = false and m.sender_role <> 'client' and m.status = 'unread'
        group by m.order_id`,
    },
    after: {
      sql: `select id, unread_for_client from orders where user_id = ${student1} and client_remove = false
        and unread_for_client > 0`,
    },
  },
  {
    name: "The 5,000-task student's list, page 99 (GET /orders?page=99)",
    before: {
      drop: [],
      sql: `select * from orders where user_id = ${student1} and client_remove = false and system_client_status <> 'Deleted'
        order by created_at desc, number desc limit 50 offset 4950`,
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: `select * from orders where user_id = ${student1} and client_remove = false and system_client_status <> 'Deleted'
        and number in (select number from orders where user_id = ${student1} and client_remove = false
          and system_client_status <> 'Deleted' order by created_at desc nulls last, number desc nulls last
          limit 50 offset 4950)
        order by created_at desc nulls last, number desc nulls last limit 50`,
    },
  },
  {
    name: "The ledger's balance check (trigger on every entry written)",
    before: {
      drop: ['ledger_entries_transaction_idx'],
      sql: `select coalesce(sum(amount_cents), 0) from ledger_entries where transaction_id = '${tx}'`,
    },
    after: {
      sql: `select coalesce(sum(amount_cents), 0) from ledger_entries where transaction_id = '${tx}'`,
    },
  },
  {
    name: "A task's money panel (GET /ops/orders/{id}/money): its ledger",
    before: {
      drop: ['ledger_transactions_order_idx', 'ledger_entries_transaction_idx'],
      sql: `select t.id, sum(e.amount_cents) filter (where e.account_type = 'order') from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id where t.order_id = '${task}' group by t.id order by t.created_at`,
    },
    after: {
      sql: `select t.id, sum(e.amount_cents) filter (where e.account_type = 'order') from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id where t.order_id = '${task}' group by t.id order by t.created_at`,
    },
  },
  {
    name: 'The receipt sweep (every minute): the last day of the ledger',
    before: {
      drop: ['ledger_transactions_created_idx'],
      sql: `select id from ledger_transactions where created_at > now() - interval '1 day'
        and kind in ('order_payment_balance', 'order_payment_card', 'tip_balance', 'tip_card', 'card_top_up', 'subscription_charge')
        order by created_at limit 50`,
    },
    after: {
      sql: `select id from ledger_transactions where created_at > now() - interval '1 day'
        and kind in ('order_payment_balance', 'order_payment_card', 'tip_balance', 'tip_card', 'card_top_up', 'subscription_charge')
        order by created_at limit 50`,
    },
  },
  {
    name: "A Geek's earnings (GET /ops/geeks/{id}/earnings): newest 500 lines",
    before: {
      drop: ['ledger_entries_account_seq_idx'],
      create: ['create index ledger_entries_account_idx on ledger_entries (account_type, account_id)'],
      sql: `select e.amount_cents from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account_type = 'geek' and e.account_id = ${geek1} order by e.seq desc limit 500`,
    },
    after: {
      sql: `select e.amount_cents from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account_type = 'geek' and e.account_id = ${geek1} order by e.seq desc limit 500`,
    },
  },
  {
    name: "The queue's badges (every GET /ops/orders): how many tasks each group holds",
    before: {
      drop: [],
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: `select (select count(*)::int from orders where client_remove = false
          and tags @> '["quality_check"]'::jsonb and not coalesce(system_client_status = 'Refund Requested', false)) as check,
        (select count(*)::int from orders where client_remove = false and paid_cents > 0
          and system_client_status in ('Paid', 'Refund Declined') and (system_client_status = 'Paid' or client_status = 'Nerd found' or writer_id is null)
          and not tags @> '["instr_ok"]'::jsonb and not coalesce(client_status = 'On revision', false)) as instructions,
        (select count(*)::int from orders where client_remove = false and paid_cents > 0
          and system_client_status in ('Paid', 'Refund Declined') and (system_client_status = 'Paid' or client_status = 'Nerd found' or writer_id is null)
          and tags @> '["instr_ok"]'::jsonb and not coalesce(client_status = 'On revision', false)) as assign,
        (select count(*)::int from orders where client_remove = false and system_client_status = 'In Progress'
          and deadline < ${deadlineBefore} and not coalesce(client_status = 'On revision', false)
          and not coalesce(tags @> '["quality_check"]'::jsonb, false)) as deadline,
        (select count(*)::int from orders where client_remove = false
          and (system_client_status = 'Revision Requested' or client_status = 'On revision')
          and not coalesce(system_client_status = 'Refund Requested', false)
          and not coalesce(tags @> '["quality_check"]'::jsonb, false)) as revision,
        (select count(*)::int from orders where client_remove = false and system_client_status = 'Refund Requested') as refund,
        (select count(*)::int from orders where client_remove = false and unread_client_messages > 0
          and not coalesce(system_client_status = 'Refund Requested', false) and not coalesce(tags @> '["quality_check"]'::jsonb, false)
          and not coalesce((system_client_status = 'Revision Requested' or client_status = 'On revision'), false)
          and not coalesce((paid_cents > 0 and system_client_status in ('Paid', 'Refund Declined')
            and (system_client_status = 'Paid' or client_status = 'Nerd found' or writer_id is null)), false)
          and not coalesce((system_client_status = 'In Progress' and deadline < ${deadlineBefore}), false)) as messages`,
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: `with h as (select floor(extract(epoch from ${deadlineBefore}) / 3600)::int as hour)
        select ${['check', 'instructions', 'assign', 'revision', 'refund', 'messages']
          .map(
            (g) =>
              `(select coalesce(sum(n), 0)::int from ops_queue_counts where queue_group = '${g}') as ${g}`,
          )
          .join(', ')},
        (select coalesce(sum(n), 0)::int from ops_queue_deadline_hours, h
          where queue_group = 'deadline' and ops_queue_deadline_hours.hour < h.hour) as due_before,
        (select coalesce(sum(n), 0)::int from ops_queue_deadline_hours, h
          where queue_group = 'messages' and ops_queue_deadline_hours.hour < h.hour) as unread_due_before,
        due.n, due.unread
        from (select count(*)::int as n, (count(*) filter (where unread_client_messages > 0))::int as unread
          from orders, h where client_remove = false and system_client_status = 'In Progress'
          and deadline < ${deadlineBefore} and not coalesce(client_status = 'On revision', false)
          and not coalesce(tags @> '["quality_check"]'::jsonb, false) and deadline >= to_timestamp(h.hour * 3600)) due`,
    },
  },
  {
    name: "A Geek's tasks (GET /workspace/tasks): the nearest 500 deadlines",
    before: {
      drop: ['orders_writer_deadline_idx'],
      create: ['create index orders_writer_idx on orders (writer_id)'],
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: `select * from orders where writer_id = ${geek1} order by deadline limit 500`,
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: `select * from orders where writer_id = ${geek1} order by deadline limit 500`,
    },
  },
  {
    name: "A Geek's offers (GET /workspace/offers): the oldest paid tasks the Geek may take",
    before: {
      drop: ['orders_offers_idx'],
      create: [
        `create index orders_open_idx on orders (client_paid_at_first) where writer_id is null and system_client_status = 'Paid'`,
      ],
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: OFFERS,
    },
    after: { settings: 'set local random_page_cost = 1.1', sql: OFFERS },
  },
  // The third pass (migrations 0058-0059): pages, offers by subject, the notification's few tasks.
  {
    name: "Third pass: one queue group's page (GET /ops/orders?group=messages), 200 then 50",
    before: {
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: QUEUE_MESSAGES('', 200),
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: QUEUE_MESSAGES(
        `and (o2.deadline, o2.id) > (select c.deadline, c.id from orders c where c.id = (${QUEUE_MESSAGES_50TH}))`,
        50,
      ),
    },
  },
  {
    name: "Third pass: a Geek's tasks (GET /workspace/tasks), 500 then a page of 50 after another",
    before: {
      drop: ['orders_writer_deadline_id_idx'],
      create: ['create index orders_writer_deadline_idx on orders (writer_id, deadline)'],
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: `select * from orders where writer_id = ${geek1} order by deadline limit 500`,
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: `select * from orders where writer_id = ${geek1} and (deadline, id) < (select c.deadline, c.id from orders c
          where c.id = (select id from orders where writer_id = ${geek1} order by deadline desc, id desc offset 49 limit 1)
          and c.writer_id = ${geek1})
        order by deadline desc, id desc limit 50`,
    },
  },
  {
    name: "Third pass: a Geek's offers (GET /workspace/offers), by subject and chosen Geek",
    before: {
      drop: ['orders_offers_subject_idx', 'orders_offers_chosen_idx'],
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: OFFERS,
    },
    after: { settings: 'set local random_page_cost = 1.1', sql: OFFERS_APART },
  },
  {
    name: 'Third pass: the notification (GET /notification), the tasks and their newest messages',
    before: {
      jit: false,
      settings: 'set local random_page_cost = 1.1',
      sql: `select (select count(*) from orders where user_id = ${student1} and client_remove = false and unread_for_client > 0) as unread,
        (select count(*) from order_messages where id = any(array(select (select m.id from order_messages m
          where m.order_id = o.id order by m.created_at desc, m.id desc limit 1)
          from orders o where o.user_id = ${student1} and o.client_remove = false))) as newest,
        (select count(*) from (select (select max(m.created_at) from order_messages m where m.order_id = o.id
          and m.sender_role = 'client') from orders o where o.user_id = ${student1} and o.client_remove = false) x) as own`,
    },
    after: {
      settings: 'set local random_page_cost = 1.1',
      sql: `select o.id, o.unread_for_client, o.client_last_message_at,
          (select m.id from order_messages m where m.order_id = o.id order by m.created_at desc, m.id desc limit 1)
        from orders o where o.id in (
          select o.id from orders o where o.user_id = ${student1} and o.client_remove = false and o.unread_for_client > 0
          union all (select o.id from orders o where o.user_id = ${student1} and o.client_remove = false
            and o.last_message_at is not null order by o.last_message_at desc limit 1)
          union all (select o.id from orders o where o.user_id = ${student1} and o.client_remove = false
            and o.client_last_message_at is not null order by o.client_last_message_at desc limit 1))`,
    },
  },
];

async function explain(step, jit) {
  await client.query('BEGIN');
  try {
    await client.query(`set local jit = ${(step.jit ?? jit) ? 'on' : 'off'}`);
    if (step.settings) await client.query(step.settings);
    for (const index of step.drop ?? []) await client.query(`drop index if exists ${index}`);
    for (const create of step.create ?? []) await client.query(create);
    const { rows } = await client.query(`explain (analyze, buffers) ${step.sql}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
  }
}

for (const q of QUERIES) {
  if (only && !only.test(q.name)) continue;
  console.log(`\n### ${q.name}\n\nBefore:\n\n\`\`\`\n${await explain(q.before, true)}\n\`\`\`\n`);
  console.log(`After:\n\n\`\`\`\n${await explain(q.after, false)}\n\`\`\``);
}
await client.end();
