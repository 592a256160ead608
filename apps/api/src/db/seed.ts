import { COURSES, POPULAR_COURSES } from '@geekly/domain/courses/course-list.ts';
import { pricePerPageCents, splitDeposit } from '@geekly/domain/pricing/quote.ts';
import { eq, sql } from 'drizzle-orm';
import { newReferralCode } from '../lib/random-codes.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { ensureAutopilotAccount } from '../modules/autopilot/autopilot.repository.ts';
import { postLedgerTransaction } from '../modules/ledger/ledger.repository.ts';
import { upsertStaffAccount } from '../modules/ops/staff-accounts.ts';
import type { Database } from './database.ts';
import {
  coupons,
  courses,
  fileUploads,
  geekLogins,
  geeks,
  orderFiles,
  orderMessages,
  orders,
  orderTransitions,
  users,
} from './schema.ts';

/** A file the demo data refers to, for the caller to put in storage once storage is open. */
export type DemoFile = { key: string; bytes: Buffer; contentType: string };

export const DEMO_STUDENT = { email: 'demo@geekly.example', password: 'geekly-demo' } as const;
/** Demo staff for the back office (/ops) and the operator API; real ones come from `npm run staff:create`. */
export const DEMO_STAFF = { email: 'ops@geekly.example', password: 'geekly-ops-demo' } as const;
/** A `support` account (decision 021: a refund limit, no staff accounts). */
export const DEMO_SUPPORT = { email: 'support@geekly.example', password: 'geekly-support-demo' } as const;

/** Issue 31: a demo Geek's workspace log-in (/workspace/login), only where the demo staff are (development). */
export const DEMO_GEEK = { email: 'geek@geekly.example', password: 'geekly-geek-demo' } as const;

const GEEKS = [
  {
    publicFullName: 'Maya R.',
    major: 'English Literature',
    publicSubjects: ['English', 'Literature', 'History'],
  },
  { publicFullName: 'Daniel K.', major: 'Economics', publicSubjects: ['Macroeconomics', 'Microeconomics'] },
  { publicFullName: 'Priya S.', major: 'Nursing', publicSubjects: ['Nursing', 'Anatomy and Physiology'] },
  {
    publicFullName: 'Lucas M.',
    major: 'Computer Science',
    publicSubjects: ['Computer Science', 'Statistics'],
  },
  { publicFullName: 'Hannah O.', major: 'Psychology', publicSubjects: ['Psychology', 'Sociology'] },
];

/**
 * The demo Geek's log-in, on the first demo Geek profile ('Maya R.', English and more), made once; a data folder
 * seeded before the workspace gets it on its next start. Development only, as the demo staff (decision 031).
 */
export async function seedDemoGeek(db: Database) {
  const [existing] = await db
    .select({ id: geekLogins.geekId })
    .from(geekLogins)
    .where(eq(geekLogins.email, DEMO_GEEK.email));
  if (existing) return;
  const first = GEEKS[0];
  if (!first) return;
  const [profile] = await db
    .select({ id: geeks.id })
    .from(geeks)
    .where(eq(geeks.publicFullName, first.publicFullName))
    .limit(1);
  const geekId = profile?.id ?? (await db.insert(geeks).values(first).returning({ id: geeks.id }))[0]?.id;
  if (!geekId) return;
  await db
    .insert(geekLogins)
    .values({ geekId, email: DEMO_GEEK.email, passwordHash: await hashPassword(DEMO_GEEK.password) })
    .onConflictDoNothing();
}

/** Reference data every installation needs; safe to run on every start. */
export async function seedReferenceData(db: Database) {
  const popular = new Set<string>(POPULAR_COURSES);
  await db
    .insert(courses)
    .values(COURSES.map((name, position) => ({ name, position, popular: popular.has(name) })))
    .onConflictDoUpdate({
      target: courses.name,
      set: { position: sql`excluded.position`, popular: sql`excluded.popular` },
    });
  // docs/product/http-api.md: NEWUSER gives 25% off each of a new client's first 5 tasks (docs/product/tasks-and-pricing.md).
  await db
    .insert(coupons)
    .values({ code: 'NEWUSER', discountType: 'percentage', percentOff: 25, firstOrdersLimit: 5 })
    .onConflictDoNothing();
}

const HOUR = 3_600_000;

/**
 * A demo student with tasks in different states, created once. The demo staff accounts, whose passwords the
 * README prints, only with `staff` (decision 031: in development alone; anywhere else staff come from
 * `npm run staff:create`).
 */
export async function seedDemoData(db: Database, now: Date, opts: { staff: boolean }): Promise<DemoFile[]> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT.email));
  if (existing) return [];
  const files: DemoFile[] = [];
  await db.transaction(async (tx) => {
    if (opts.staff) {
      await upsertStaffAccount(tx, DEMO_STAFF.email, DEMO_STAFF.password, 'admin');
      await upsertStaffAccount(tx, DEMO_SUPPORT.email, DEMO_SUPPORT.password, 'support');
    }
    const insertedGeeks = await tx.insert(geeks).values(GEEKS).returning({ id: geeks.id });
    const [student] = await tx
      .insert(users)
      .values({
        email: DEMO_STUDENT.email,
        passwordHash: await hashPassword(DEMO_STUDENT.password),
        notificationEmail: DEMO_STUDENT.email,
        referralCode: newReferralCode(),
        country: 'US',
        timezoneStr: 'America/New_York',
      })
      .returning();
    if (!student) throw new Error('demo student not created');
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
    const geek = (i: number) => insertedGeeks[i]?.id ?? null;

    // Priced by the spec's per-page bands for the hours left now (a past deadline takes the top band).
    const tasks = [
      {
        title: 'Rhetorical analysis of "Letter from Birmingham Jail"',
        subject: 'English',
        hours: 120,
        pages: 3,
        paid: 0,
        state: 'unpaid',
      },
      {
        title: 'Supply and demand problem set',
        subject: 'Macroeconomics',
        hours: 60,
        pages: 2,
        paid: 1,
        state: 'paid',
      },
      {
        title: 'Care plan for a post-operative patient',
        subject: 'Nursing',
        hours: 40,
        pages: 4,
        paid: 1,
        state: 'working',
      },
      {
        title: 'Literature review: social media and anxiety',
        subject: 'Psychology',
        hours: -30,
        pages: 5,
        paid: 1,
        state: 'completed',
      },
    ] as const;

    for (const [i, t] of tasks.entries()) {
      const priceCents = pricePerPageCents(Math.max(0, t.hours)) * t.pages;
      const paidAt = t.paid ? at(-48) : null;
      const [order] = await tx
        .insert(orders)
        .values({
          userId: student.id,
          title: t.title,
          subject: t.subject,
          size: `${t.pages} pages`,
          requestType: 'Essay writing',
          deadline: at(t.hours),
          priceCents,
          quotePriceCents: priceCents,
          clientBasePriceCents: priceCents,
          partialPriceCents: splitDeposit(priceCents).depositCents,
          systemClientStatus:
            t.state === 'unpaid'
              ? 'Unpaid'
              : t.state === 'completed'
                ? 'Completed'
                : t.state === 'working'
                  ? 'In Progress'
                  : 'Paid',
          clientStatus: t.state === 'working' ? 'In progress' : t.state === 'completed' ? 'Sent' : null,
          // The completed Psychology task's Geek is the demo's psychologist.
          geekId: t.state === 'completed' ? geek(4) : t.state === 'working' ? geek(i) : null,
          clientPaidAt: paidAt,
          clientPaidAtFirst: paidAt,
          tags: t.state === 'paid' ? [] : t.state === 'unpaid' ? [] : ['instr_ok'],
          workStartedAt: t.state === 'working' ? at(-24) : t.state === 'completed' ? at(-44) : null,
          // Decision 036: the refund window and auto-acceptance run from the delivery.
          deliveredAt: t.state === 'completed' ? at(-30) : null,
          createdAt: at(-72 + i),
        })
        .returning();
      if (!order) throw new Error('demo order not created');
      if (t.paid) {
        await postLedgerTransaction(tx, {
          idempotencyKey: `demo-payment-${order.id}`,
          kind: 'order_payment_card',
          userId: student.id,
          orderId: order.id,
          memo: 'Demo card payment',
          entries: [
            { account: { type: 'gateway' }, amountCents: -priceCents },
            { account: { type: 'order', id: order.id }, amountCents: priceCents },
          ],
        });
        await tx.insert(orderMessages).values({
          orderId: order.id,
          senderRole: 'operator',
          message: 'Hi! We received your payment and are matching you with the best Geek for this task.',
          status: 'read',
          createdAt: at(-47),
        });
      }
      if (t.state === 'completed') files.push(await deliveredHistory(tx, order, at));
    }

    // A demo top-up so the header balance is not zero.
    await postLedgerTransaction(tx, {
      idempotencyKey: `demo-topup-${student.id}`,
      kind: 'topup',
      userId: student.id,
      memo: 'Demo top-up',
      entries: [
        { account: { type: 'gateway' }, amountCents: -5000 },
        { account: { type: 'user', id: student.id }, amountCents: 5000 },
      ],
    });
  });
  return files;
}

type DemoTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Issue 34: the demo's completed task has the history a delivered task really has — its Geek assigned and at work
 * (the transitions), their messages, the final draft they delivered (a real PDF, the autopilot's, uploaded by the
 * autopilot's account) — so the task page shows 'Files from Geek 1' and asks to accept work that exists. Its
 * ledger holds the card payment; the Geek's earning follows acceptance (decision 036).
 */
async function deliveredHistory(
  tx: DemoTx,
  order: typeof orders.$inferSelect,
  at: (hours: number) => Date,
): Promise<DemoFile> {
  const uploader = await ensureAutopilotAccount(tx);
  const geekName = GEEKS[4]?.publicFullName ?? 'Your Geek';
  // pdf-lib only when the demo data is first written (decision 034).
  const { demoDocument } = await import('../modules/autopilot/autopilot-document.ts');
  const bytes = await demoDocument({
    number: order.number,
    title: order.title,
    subject: order.subject,
    level: order.level,
    size: order.size,
    requestType: order.requestType,
    deadline: order.deadline,
    details: order.details,
    geekName,
    revisionComment: null,
  });
  const name = `Task-${order.number}-final-draft.pdf`;
  const key = `orders/${order.id}/${uploader.id}/geek/demo/${name}`;
  const contentType = 'application/pdf';
  await tx.insert(fileUploads).values({
    key,
    orderId: order.id,
    userId: uploader.id,
    context: 'geek',
    name,
    size: bytes.length,
    contentType,
    expiresAt: at(-30),
    claimedAt: at(-30),
    createdAt: at(-31),
  });
  await tx.insert(orderFiles).values({
    orderId: order.id,
    location: key,
    name,
    size: bytes.length,
    type: 'file_final_draft',
    contentType,
    uploadedBy: uploader.id,
    plagStatus: 'not_found',
    plagLevel: 2,
    createdAt: at(-30),
  });
  const steps = [
    { name: 'accept_instructions', from: 'Paid', to: 'Paid', hours: -46 },
    { name: 'assign_geek', from: 'Paid', to: 'Paid', hours: -45 },
    { name: 'start_work', from: 'Paid', to: 'In Progress', hours: -44 },
    { name: 'deliver', from: 'In Progress', to: 'Completed', hours: -30 },
  ];
  await tx.insert(orderTransitions).values(
    steps.map((s) => ({
      orderId: order.id,
      name: s.name,
      actor: 'operator' as const,
      actorId: uploader.id,
      fromStatus: s.from,
      toStatus: s.to,
      createdAt: at(s.hours),
    })),
  );
  await tx.insert(orderMessages).values([
    {
      orderId: order.id,
      senderRole: 'writer',
      geekId: order.geekId,
      message: `Hi, I'm ${geekName}. I have your instructions and I'm starting on the review now.`,
      status: 'read',
      createdAt: at(-43),
    },
    {
      orderId: order.id,
      senderRole: 'writer',
      geekId: order.geekId,
      message:
        'Your final draft is ready in Files from Geek. It covers the studies we discussed; tell me if anything needs a change.',
      createdAt: at(-30),
    },
  ]);
  return { key, bytes, contentType };
}
