import { COURSES, POPULAR_COURSES } from '@geekly/domain/courses/course-list.ts';
import { pricePerPageCents, splitDeposit } from '@geekly/domain/pricing/quote.ts';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.ts';
import { postLedgerTransaction } from '../modules/ledger/ledger.repository.ts';
import { upsertStaffAccount } from '../modules/ops/staff-accounts.ts';
import { newReferralCode } from '../modules/users/random-codes.ts';
import type { Database } from './database.ts';
import { coupons, courses, geekLogins, geeks, orderMessages, orders, users } from './schema.ts';

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
  // API.md: NEWUSER gives 25% off each of a new client's first 5 tasks (seed 001 §1).
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
export async function seedDemoData(db: Database, now: Date, opts: { staff: boolean }) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT.email));
  if (existing) return;
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

    // Priced by the seed's per-page bands for the hours left now (a past deadline takes the top band).
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
          writerId: t.state === 'working' || t.state === 'completed' ? geek(i) : null,
          clientPaidAt: paidAt,
          clientPaidAtFirst: paidAt,
          tags: t.state === 'paid' ? [] : t.state === 'unpaid' ? [] : ['instr_ok'],
          workStartedAt: t.state === 'working' ? at(-24) : null,
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
          createdAt: at(-47),
        });
      }
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
}
