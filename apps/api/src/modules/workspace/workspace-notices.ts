import type { TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { isLookingForGeek, paymentState } from '@geekly/domain/orders/order-status.ts';
import type { AddedService } from '@geekly/domain/pricing/add-ons.ts';
import { mayTakeOffer, WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';
import { clientGeeks, geekLogins } from '../../db/schema.ts';
import { publishEvent, publishEventToMany } from '../events/index.ts';
import { queueGeekMail } from '../notifications/geek-mail.ts';
import { statusInput } from '../orders/order-view.ts';
import { geekPayDollars } from './task-view.ts';
import { availableGeekLogins, openTasksFor } from './workspace-tasks.repository.ts';

/** A Geek gets at most one "new offers" mail an hour, listing the offers open for them then. */
const OFFER_MAIL_EVERY_MS = 3_600_000;
const OFFERS_LISTED = 10;

/** Transitions that can open or close an offer. */
const OFFER_TRANSITIONS: readonly TransitionName[] = [
  'accept_instructions',
  'pay',
  'assign_geek',
  'give_back',
  'change_subject',
  'request_refund',
  'accept_refund',
  'delete',
];

const isOpen = (row: OrderRow) =>
  row.geekId === null &&
  row.tags.includes('instr_ok') &&
  !row.clientRemove &&
  isLookingForGeek(statusInput(row, row.paidCents)) &&
  paymentState(statusInput(row, row.paidCents)) !== 'unpaid';

/**
 * An offer opened or closed (decision 047): every Available Geek who may take it hears an `offer` event (without
 * the task's id: their list refetches); when it opened, those not mailed in the last hour get one mail listing
 * their offers. Runs in the transition's transaction, so nothing is sent for a change that rolls back.
 */
export async function offersChanged(ctx: AppContext, tx: Db, row: OrderRow) {
  const now = ctx.now();
  const task = {
    subject: row.subject,
    services: row.services as AddedService[],
    paidAt: row.clientPaidAtFirst,
  };
  const candidates = (await availableGeekLogins(tx)).filter((g) =>
    mayTakeOffer(task, { id: g.id, subjects: g.subjects, top: g.top, available: true, disabled: false }, now),
  );
  if (candidates.length === 0) return;
  const blocked = new Set(
    (
      await tx
        .select({ id: clientGeeks.geekId })
        .from(clientGeeks)
        .where(
          and(
            eq(clientGeeks.userId, row.userId),
            eq(clientGeeks.blocked, true),
            inArray(
              clientGeeks.geekId,
              candidates.map((c) => c.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  const told = candidates.filter((g) => !blocked.has(g.id));
  await publishEventToMany(
    tx,
    told.map((g) => g.id),
    'offer',
  );
  if (!isOpen(row)) return;
  const due = told.filter(
    (g) => !g.offersMailedAt || now.getTime() - g.offersMailedAt.getTime() >= OFFER_MAIL_EVERY_MS,
  );
  if (due.length === 0) return;
  // Claimed first, so two offers opening at once mail a Geek once.
  const claimed = await tx
    .update(geekLogins)
    .set({ offersMailedAt: now })
    .where(
      and(
        inArray(
          geekLogins.geekId,
          due.map((g) => g.id),
        ),
        or(
          isNull(geekLogins.offersMailedAt),
          lt(geekLogins.offersMailedAt, new Date(now.getTime() - OFFER_MAIL_EVERY_MS)),
        ),
      ),
    )
    .returning({ id: geekLogins.geekId, email: geekLogins.email });
  // At most one mail an hour per Geek bounds these reads.
  for (const g of claimed) {
    const geek = due.find((d) => d.id === g.id);
    if (!geek) continue;
    const open = (await openTasksFor(tx, { id: g.id, subjects: geek.subjects })).filter((o) =>
      mayTakeOffer(
        { subject: o.subject, services: o.services as AddedService[], paidAt: o.clientPaidAtFirst },
        { id: g.id, subjects: geek.subjects, top: geek.top, available: true, disabled: false },
        now,
      ),
    );
    const listed = open.some((o) => o.id === row.id) ? open : [row, ...open];
    await queueGeekMail(ctx, tx, {
      to: g.email,
      subject:
        listed.length === 1 ? 'A new task for you on Geekly' : `${listed.length} tasks for you on Geekly`,
      preview: `${row.title} (${row.subject}) is open in your workspace.`,
      heading: 'New tasks in your subjects',
      paragraphs: [
        'These tasks are open for you now. The first Geek to take a task gets it.',
        ...listed
          .slice(0, OFFERS_LISTED)
          .map(
            (o) =>
              `#${o.number} ${o.title}: ${o.subject}, ${o.size}, due ${o.deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC, you earn $${geekPayDollars(o).toFixed(2)}`,
          ),
      ],
      button: { label: 'See your offers', path: WORKSPACE_PATHS.offers },
    });
  }
}

/** The task's Geek, with a log-in: where their mails go. */
async function taskGeekEmail(tx: Db, row: OrderRow) {
  if (!row.geekId) return null;
  const [login] = await tx
    .select({ email: geekLogins.email })
    .from(geekLogins)
    .where(eq(geekLogins.geekId, row.geekId));
  return login?.email ?? null;
}

/**
 * What a transition means to the Geeks (decision 047), in its transaction: the task's Geek hears an `order` event;
 * an offer that opened or closed is told to the Geeks who may take it; the task's Geek is mailed a revision
 * request, the work accepted or rated, and a tip.
 */
export async function workspaceNotices(ctx: AppContext, tx: Db, name: TransitionName, row: OrderRow) {
  if (row.geekId) await publishEvent(tx, row.geekId, 'order', row.id);
  if (OFFER_TRANSITIONS.includes(name)) await offersChanged(ctx, tx, row);
  const mail = geekMailFor(name, row);
  if (!mail) return false;
  const to = await taskGeekEmail(tx, row);
  if (!to) return false;
  await queueGeekMail(ctx, tx, { to, ...mail });
  return true;
}

function geekMailFor(name: TransitionName, row: OrderRow) {
  const task = `task #${row.number}`;
  const button = { label: 'Open the task', path: WORKSPACE_PATHS.task(row.id) };
  switch (name) {
    case 'request_revision':
      return {
        subject: `Revision requested — ${task}`,
        preview: 'The student asks for a revision.',
        heading: 'The student asks for a revision',
        paragraphs: [
          `The student asks for a revision of ${task}: ${row.title}.`,
          `Their comment: ${row.revisionComment ?? ''}`,
          `Revision deadline: ${row.revisionDeadline?.toISOString().slice(0, 16).replace('T', ' ') ?? ''} UTC.`,
        ],
        button,
      };
    case 'return_to_geek':
      return {
        subject: `Changes needed before delivery — ${task}`,
        preview: 'The quality check returned your delivery with a note.',
        heading: 'Your delivery needs changes',
        paragraphs: [
          `Our quality check returned your delivery of ${task}: ${row.title}. The student has not seen it.`,
          `The note: ${row.checkNote ?? ''}`,
        ],
        button,
      };
    case 'accept_work':
    case 'auto_accept':
      return {
        subject: `Work accepted — ${task}`,
        preview: 'Your work is accepted: the earning is yours.',
        heading: 'Your work is accepted',
        paragraphs: [
          `The work on ${task}: ${row.title} is accepted. Your earning of $${geekPayDollars(row).toFixed(2)} is on your account.`,
        ],
        button: { label: 'See your earnings', path: WORKSPACE_PATHS.earnings },
      };
    case 'rate':
      return {
        subject: `Rated ${row.mark} of 5 — ${task}`,
        preview: `The student rated your work ${row.mark} of 5.`,
        heading: `Rated ${row.mark} of 5`,
        paragraphs: [
          `The student rated your work on ${task}: ${row.title} ${row.mark} of 5.`,
          ...(row.feedback ? [`Their words: ${row.feedback}`] : []),
        ],
        button,
      };
    case 'tip':
      return {
        subject: `A tip for you — ${task}`,
        preview: 'The student thanked you with a tip.',
        heading: 'You got a tip',
        paragraphs: [`The student of ${task}: ${row.title} thanked you with a tip. It is on your account.`],
        button: { label: 'See your earnings', path: WORKSPACE_PATHS.earnings },
      };
    default:
      return null;
  }
}
