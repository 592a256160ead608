// The data of `npm run bench:scale` (issue 36), written by set-based SQL (generate_series), minutes for a million
// tasks. Shape, for `tasks` N: one student with 5,000 tasks and the others with 10 each (the same at every size,
// so a student's own calls compare like with like: N/10 students at 1M); GEEKS Geeks (the same at every size:
// the Geeks page lists them all); two messages a task (one student's message in 500 unread), one audit row and one
// transition a task; a paid task has a card payment in the ledger, an accepted one its Geek's earning, one in
// twenty a tip. Statuses by the task's number: 0.1 % refund requests, 0.3 % revision requests, 0.5 % paid and
// waiting for a Geek, 10 % in progress (deadlines from 2 days ago to 50 days ahead), 9.5 % unpaid, the rest
// completed. Triggers are off while loading (session_replication_role = replica): the values they keep are
// computed afterwards, in bulk, as the migrations' backfills would.

export const GEEKS = 300;
export const BIG_STUDENT_TASKS = 5000;
/** Every student's tasks but the big one's, at every size. */
export const TASKS_PER_STUDENT = 10;

/**
 * Geek 1's offers are the same at every size: the tasks waiting for a Geek among the first 10,000 (30 of them with
 * instructions accepted) are in Geek 1's subject, and no later one is. A larger marketplace has more open tasks in
 * the index, but not a longer answer for this Geek (without this, Geek 1 had none at 10k and 42 at 1M).
 */
const OFFERS_BELOW = 10_000;

/** Deterministic ids, so the bench finds its rows again: md5 of a label as a uuid. */
export const idOf = (label) => `md5('${label}' || g)::uuid`;

/**
 * Loads `tasks` tasks into the database `client` (a pg.Client, the schema migrated), calling `step` after each
 * statement with its name and time.
 */
export async function loadScaleData(client, tasks, step = () => {}) {
  // A small run (--tasks 20000 makes a 1% copy of 200) still leaves tasks to the other students.
  const bigTasks = Math.min(BIG_STUDENT_TASKS, Math.floor(tasks / 2));
  // The big student, then one student for every TASKS_PER_STUDENT of the other tasks (dealt round).
  const students = Math.max(10, 1 + Math.ceil((tasks - bigTasks) / TASKS_PER_STUDENT));
  const run = async (name, text, params = []) => {
    const started = Date.now();
    await client.query(text, params);
    step(name, Date.now() - started);
  };
  await client.query('SET session_replication_role = replica');
  await client.query(`SET work_mem = '256MB'`);
  await client.query("SET maintenance_work_mem = '512MB'");
  await run(
    'geeks',
    `INSERT INTO geeks (id, public_full_name, major, public_subjects, last_seen_at)
     SELECT md5('geek' || g)::uuid, 'Geek ' || g, c.names[1 + g % array_length(c.names, 1)],
       jsonb_build_array(c.names[1 + g % array_length(c.names, 1)]), now() - make_interval(mins => g)
     FROM generate_series(1, $1::int) g,
       (SELECT array_agg(name ORDER BY position) AS names FROM courses) c`,
    [GEEKS],
  );
  await run(
    'students',
    `INSERT INTO users (id, email, notification_email, referral_code, created_at)
     SELECT md5('student' || g)::uuid, 'student' || g || '@bench.example', 'student' || g || '@bench.example',
       'BENCH' || g, now() - make_interval(days => g % 700)
     FROM generate_series(1, $1::int) g`,
    [students],
  );
  // Task g: the big student's first, then round the others. k = g % 1000 chooses the status.
  await run(
    'tasks',
    `INSERT INTO orders (id, user_id, title, subject, details, size, request_type, deadline, price_cents,
       client_base_price_cents, system_client_status, client_status, client_paid_at, client_paid_at_first, mark,
       writer_id, tags, paid_cents, messages_count, delivered_at, geek_earned_at, created_at, updated_at)
     SELECT md5('task' || g)::uuid,
       CASE WHEN g <= $2::int THEN md5('student1')::uuid ELSE md5('student' || (2 + (g - $2::int) % ($3::int - 1)))::uuid END,
       'Task ' || g || ' on ' || subject, subject, 'Details of task ' || g, '5 pages', 'Essay writing',
       CASE WHEN status = 'In Progress' THEN now() + make_interval(hours => g % 1248 - 48)
         ELSE created + interval '7 days' END,
       price, price, status, client_status,
       CASE WHEN paid THEN created + interval '1 hour' END, CASE WHEN paid THEN created + interval '1 hour' END,
       CASE WHEN status = 'Completed' THEN g % 6 ELSE 0 END,
       CASE WHEN writer THEN md5('geek' || (1 + g % $4::int))::uuid END,
       CASE WHEN g % 2 = 0 THEN '["instr_ok"]'::jsonb ELSE '[]'::jsonb END,
       CASE WHEN paid THEN price ELSE 0 END, 2,
       CASE WHEN client_status = 'Sent' THEN created + interval '5 days' END,
       CASE WHEN status = 'Completed' THEN created + interval '8 days' END,
       created, created
     FROM (
       SELECT g,
         CASE WHEN g % 1000 NOT BETWEEN 800 AND 804 THEN c.names[1 + g % array_length(c.names, 1)]
           WHEN g < $5::int THEN c.names[1 + 1 % array_length(c.names, 1)]
           WHEN g % array_length(c.names, 1) = 1 THEN c.names[1 + 2 % array_length(c.names, 1)]
           ELSE c.names[1 + g % array_length(c.names, 1)] END AS subject,
         5000 + (g % 100) * 100 AS price,
         now() - make_interval(secs => ($1::int - g)::float8 / $1::int * 400 * 86400) AS created,
         s.status, s.client_status, s.status <> 'New project' AS paid,
         s.status NOT IN ('New project', 'Paid') AS writer
       FROM generate_series(1, $1::int) g,
         (SELECT array_agg(name ORDER BY position) AS names FROM courses) c,
         LATERAL (SELECT CASE
           WHEN g % 1000 = 7 THEN 'Refund Requested'
           WHEN g % 1000 BETWEEN 8 AND 10 THEN 'Revision Requested'
           WHEN g % 1000 BETWEEN 700 AND 799 THEN 'In Progress'
           WHEN g % 1000 BETWEEN 800 AND 804 THEN 'Paid'
           WHEN g % 1000 BETWEEN 805 AND 899 THEN 'New project'
           ELSE 'Completed' END AS status) st,
         LATERAL (SELECT st.status, CASE st.status
           WHEN 'In Progress' THEN 'In progress' WHEN 'Paid' THEN NULL WHEN 'New project' THEN NULL
           WHEN 'Revision Requested' THEN 'Revision requested' ELSE 'Sent' END AS client_status) s
       ORDER BY g
     ) t`,
    [tasks, bigTasks, students, GEEKS, OFFERS_BELOW],
  );
  await run(
    'messages',
    `INSERT INTO order_messages (order_id, sender_role, message, status, geek_id, created_at)
     SELECT md5('task' || g)::uuid, m.role, m.text, m.status, m.geek, o.created_at + m.after
     FROM generate_series(1, $1::int) g
     JOIN orders o ON o.id = md5('task' || g)::uuid,
     LATERAL (VALUES
       ('client', 'Hello, here are my notes for task ' || g,
         CASE WHEN g % 500 = 0 THEN 'unread' ELSE 'read' END, NULL::uuid, interval '10 minutes'),
       ('writer', 'Thank you, I am on it.', 'read', o.writer_id, interval '2 hours')) m(role, text, status, geek, after)`,
    [tasks],
  );
  await run(
    'audit',
    `INSERT INTO audit_log (at, actor_type, actor_email, action, order_id, details)
     SELECT o.created_at + interval '3 hours', 'staff', 'staff@bench.example', 'transition', o.id,
       '{"name": "accept_instructions"}'::jsonb
     FROM generate_series(1, $1::int) g JOIN orders o ON o.id = md5('task' || g)::uuid`,
    [tasks],
  );
  await run(
    'transitions',
    `INSERT INTO order_transitions (order_id, name, actor, from_status, to_status, created_at)
     SELECT o.id, 'pay', 'client', 'New project', 'Paid', o.client_paid_at
     FROM generate_series(1, $1::int) g JOIN orders o ON o.id = md5('task' || g)::uuid
     WHERE o.paid_cents > 0`,
    [tasks],
  );
  // The ledger: a card payment a paid task, the Geek's earning an accepted one, a tip one in twenty.
  await run(
    'ledger transactions',
    `INSERT INTO ledger_transactions (id, kind, idempotency_key, user_id, order_id, memo, created_at)
     SELECT md5(t.kind || g)::uuid, t.kind, 'bench:' || t.kind || ':' || g, o.user_id, o.id, t.memo,
       o.created_at + t.after
     FROM generate_series(1, $1::int) g JOIN orders o ON o.id = md5('task' || g)::uuid,
     LATERAL (VALUES ('order_payment_card', 'Task payment', interval '1 hour', o.paid_cents > 0),
       ('geek_earning', 'Earning for task', interval '8 days', o.geek_earned_at IS NOT NULL),
       ('tip_card', 'Tip', interval '9 days', o.geek_earned_at IS NOT NULL AND g % 20 = 0)) t(kind, memo, after, wanted)
     WHERE t.wanted`,
    [tasks],
  );
  await run(
    'ledger entries',
    `INSERT INTO ledger_entries (transaction_id, account_type, account_id, amount_cents)
     SELECT l.id, e.account_type, e.account_id, e.amount
     FROM ledger_transactions l JOIN orders o ON o.id = l.order_id,
     LATERAL (VALUES
       ('order_payment_card', 1, 'gateway', NULL::uuid, -o.paid_cents),
       ('order_payment_card', 2, 'order', o.id, o.paid_cents),
       ('geek_earning', 1, 'revenue', NULL::uuid, -(o.client_base_price_cents / 2)),
       ('geek_earning', 2, 'geek', o.writer_id, o.client_base_price_cents / 2),
       ('tip_card', 1, 'gateway', NULL::uuid, -500::bigint),
       ('tip_card', 2, 'geek', o.writer_id, 500::bigint)) e(kind, n, account_type, account_id, amount)
     WHERE e.kind = l.kind
     ORDER BY l.created_at, l.id, e.n`,
  );
  await client.query('RESET session_replication_role');
  // What the triggers keep (decision 016's list counts; paid_cents and messages_count were written above).
  await run(
    'list counts',
    `INSERT INTO order_list_counts (user_id, system_client_status, n)
     SELECT user_id, system_client_status, count(*) FROM orders
     WHERE client_remove = false AND system_client_status <> 'Deleted' GROUP BY 1, 2`,
  );
}
