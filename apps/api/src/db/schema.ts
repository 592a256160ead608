import { PAYMENT_CONTEXTS } from '@geekly/domain/payments/pay-schemas.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Money columns are integer cents (bigint, read as JS numbers: safe up to 2^53 cents).
const cents = (name: string) => bigint(name, { mode: 'number' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null for an account made by Sign in with Google (decision 040) until a restore gives it a password. */
    passwordHash: text('password_hash'),
    /** Decision 040: the Google account's subject (`sub`), which stays when its e-mail changes. */
    googleSub: text('google_sub'),
    /**
     * Decision 040 (amended): when the owner proved the account e-mail (Google verified it, or a password restore
     * mailed to it was used). Null: anyone may have typed it at sign-up.
     */
    emailVerifiedAt: timestamptz('email_verified_at'),
    // Restore mails a new password; the old one keeps working until the new one is used or expires,
    // so a stranger cannot lock someone out by asking for a restore.
    pendingPasswordHash: text('pending_password_hash'),
    pendingPasswordExpiresAt: timestamptz('pending_password_expires_at'),
    /** A password an account without one chose, waiting for the link mailed to it (SHA-256 of its token). */
    passwordSetHash: text('password_set_hash'),
    passwordSetTokenHash: text('password_set_token_hash'),
    passwordSetExpiresAt: timestamptz('password_set_expires_at'),
    tokenVersion: integer('token_version').notNull().default(0),
    role: text('role', { enum: ['client', 'staff'] })
      .notNull()
      .default('client'),
    /** Staff only (decision 021): `admin` does everything; `support` has a refund limit and no staff accounts. */
    staffRole: text('staff_role', { enum: ['admin', 'support'] }),
    /** Staff only (decision 027): when an admin disabled the account; it cannot log in, its tokens are revoked. */
    staffDisabledAt: timestamptz('staff_disabled_at'),
    phone: text('phone'),
    country: text('country'),
    /** Where mail goes: the account e-mail, or another address once confirmed by its link (decision 028). */
    notificationEmail: text('notification_email').notNull(),
    /** A new notification e-mail waiting for its confirmation link (SHA-256 of the token) to be opened. */
    pendingNotificationEmail: text('pending_notification_email'),
    pendingNotificationTokenHash: text('pending_notification_token_hash'),
    pendingNotificationExpiresAt: timestamptz('pending_notification_expires_at'),
    referralCode: text('referral_code').notNull(),
    profileLanding: text('profile_landing'),
    profileLandingQuery: text('profile_landing_query'),
    referredBy: text('referred_by'),
    timezoneStr: text('timezone_str'),
    signupCountry: text('signup_country'),
    onBoardingEventSentAt: timestamptz('onboarding_event_sent_at'),
    /** When the phone was confirmed by an SMS code (docs/product/account.md phone verification banner). */
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    /** docs/product/account.md userdef: banner state the client keeps (isReferBonusShown, prevTotalBonuses, phone prompt). */
    userdef: jsonb('userdef')
      .$type<{ isReferBonusShown?: boolean; prevTotalBonuses?: number; phoneBannerClosed?: boolean }>()
      .notNull()
      .default({}),
    /** Decision 058: when the account's personal data was erased; the row stays for the ledger, without a person. */
    erasedAt: timestamptz('erased_at'),
    /** A Google-only account confirms its erasure by a mailed link (SHA-256 of the token) before it expires. */
    erasureTokenHash: text('erasure_token_hash'),
    erasureTokenExpiresAt: timestamptz('erasure_token_expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Decision 052: only a confirmed number is unique (the first to check its code wins); a claim is not.
    uniqueIndex('users_verified_phone_key').on(t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
    index('users_phone_idx').on(t.phone),
    uniqueIndex('users_erasure_token_key').on(t.erasureTokenHash),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_password_set_token_hash_key').on(t.passwordSetTokenHash),
    uniqueIndex('users_pending_notification_token_key').on(t.pendingNotificationTokenHash),
    // The public count of sign-ups in the last week (decision 011), from the index alone (migration 0062).
    index('users_created_idx').on(t.createdAt),
    index('users_client_created_idx').on(t.createdAt).where(sql`${t.role} = 'client'`),
    // The accounts invited with one code (decision 029's abuse signals, the referral figures).
    index('users_referred_by_idx').on(t.referredBy),
    // Decision 056: the back office's search by any part of an e-mail (pg_trgm).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The same search when its text holds the '@': the end of the local part, reversed (migration 0061).
    index('users_email_local_reversed_idx').using(
      'btree',
      sql`reverse(lower(split_part(${t.email}, '@', 1))) text_pattern_ops`,
    ),
  ],
);

export const courses = pgTable('courses', {
  name: text('name').primaryKey(),
  popular: boolean('popular').notNull().default(false),
  position: integer('position').notNull(),
});

export const geeks = pgTable('geeks', {
  id: uuid('id').primaryKey().defaultRandom(),
  publicFullName: text('public_full_name').notNull(),
  major: text('major').notNull(),
  publicSubjects: jsonb('public_subjects').$type<string[]>().notNull().default([]),
  hasAvatar: boolean('has_avatar').notNull().default(false),
  isDisabled: boolean('is_disabled').notNull().default(false),
  lastSeenAt: timestamptz('last_seen_at'),
  /** Marked TOP by staff: the tasks with the 'TOP Geek' add-on are offered to them (decision 047). */
  isTop: boolean('is_top').notNull().default(false),
  /** The Geek's own Available / Away: an Away Geek gets no offers. */
  available: boolean('available').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Decision 047: a Geek's log-in to the workspace, its own kind of account (not a users row), one per Geek profile
 * and keyed by it. Revocation is its token version, as for users (a trigger ends its streams, migration 0027).
 */
export const geekLogins = pgTable(
  'geek_logins',
  {
    geekId: uuid('geek_id')
      .primaryKey()
      .references(() => geeks.id),
    email: text('email').notNull(),
    /** Null for an invited Geek until the invitation's link sets one. */
    passwordHash: text('password_hash'),
    /** An application's password under 8 characters: changed before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    /** The Geek's last call in the workspace ('Online' on the students' Geek cards). */
    lastActiveAt: timestamptz('last_active_at'),
    /** The last "new offers" mail (at most one an hour). */
    offersMailedAt: timestamptz('offers_mailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('geek_logins_email_key').on(t.email)],
);

/** One-time links to set a Geek's password: an invitation (72 hours) or a restore (1 hour); only the SHA-256. */
export const geekLoginTokens = pgTable(
  'geek_login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    geekId: uuid('geek_id')
      .notNull()
      .references(() => geeks.id),
    purpose: text('purpose', { enum: ['invite', 'restore'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('geek_login_tokens_geek_idx').on(t.geekId)],
);

/** A Geek's request for a payout of what Geekly owes them (decision 047); the payout itself is a ledger entry. */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    geekId: uuid('geek_id')
      .notNull()
      .references(() => geeks.id),
    amountCents: cents('amount_cents').notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payout_requests_geek_idx').on(t.geekId, t.createdAt),
    index('payout_requests_status_idx').on(t.status, t.createdAt),
    check('payout_requests_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A client's own marks on a Geek (docs/product/geeks.md writer_faved, writer_blocked): one row per client and Geek. */
export const clientGeeks = pgTable(
  'client_geeks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    geekId: uuid('geek_id')
      .notNull()
      .references(() => geeks.id),
    faved: boolean('faved').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.geekId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 10001 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    subject: text('subject')
      .notNull()
      .references(() => courses.name, { onUpdate: 'cascade' }),
    details: text('details').notNull().default(''),
    level: text('level').notNull().default('College'),
    spacing: text('spacing').notNull().default('double'),
    size: text('size').notNull().default('0 pages'),
    requestType: text('request_type'),
    additional: jsonb('additional').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    deadline: timestamptz('deadline').notNull(),
    priceCents: cents('price_cents'),
    quotePriceCents: cents('quote_price_cents'),
    partialPriceCents: cents('partial_price_cents'),
    clientBasePriceCents: cents('client_base_price_cents'),
    discount: text('discount'),
    systemClientStatus: text('system_client_status').notNull().default('New project'),
    clientStatus: text('client_status'),
    clientPaidAt: timestamptz('client_paid_at'),
    clientPaidAtFirst: timestamptz('client_paid_at_first'),
    refunded: boolean('refunded').notNull().default(false),
    mark: integer('mark').notNull().default(0),
    profileArch: integer('profile_arch').notNull().default(0),
    clientRemove: boolean('client_remove').notNull().default(false),
    geekId: uuid('writer_id').references(() => geeks.id),
    forceReviewAt: timestamptz('force_review_at'),
    revisionAcceptAt: timestamptz('revision_accept_at'),
    revisionDeadline: timestamptz('revision_deadline'),
    workStartedAt: timestamptz('work_started_at'),
    // Chosen add-ons (docs/product/tasks-and-pricing.md services); a Preferred Geek carries the chosen Geek's id.
    services: jsonb('services')
      .$type<{ tag: string; writerId?: string | null; included?: boolean }[]>()
      .notNull()
      .default([]),
    tipsPaidCents: cents('tips_paid_cents').notNull().default(0),
    // Kept by triggers in the writing transaction (decision 025): what the task's ledger account holds, and
    // how many messages it has, so the task list reads them with its rows. The ledger stays the truth.
    paidCents: cents('paid_cents').notNull().default(0),
    messagesCount: integer('messages_count').notNull().default(0),
    // Decision 056, kept the same way: the student's unread messages to staff (the queue's "messages" group), and
    // the unread messages to the student (their notification).
    unreadClientMessages: integer('unread_client_messages').notNull().default(0),
    unreadForClient: integer('unread_for_client').notNull().default(0),
    // Decision 056, kept by the message count's trigger (migration 0058): the task's newest message and the
    // student's own newest message, so the notification reads the student's newest of each from an index.
    lastMessageAt: timestamptz('last_message_at'),
    clientLastMessageAt: timestamptz('client_last_message_at'),
    feedback: text('feedback'),
    feedbackTags: jsonb('feedback_tags').$type<string[]>().notNull().default([]),
    clientAcceptAt: timestamptz('client_accept_at'),
    // Decision 036: the last delivery (work or revision) starts the refund window and auto-acceptance; the
    // Geek's earning is recorded once, when the task is accepted.
    deliveredAt: timestamptz('delivered_at'),
    geekEarnedAt: timestamptz('geek_earned_at'),
    clientRevisionAt: timestamptz('client_revision_at'),
    revisionComment: text('revision_comment'),
    refundComment: text('refund_comment'),
    refundTo: text('refund_to', { enum: ['balance', 'card'] }),
    /** Decision 048: staff's note returning a Geek's delivery from the quality check. */
    checkNote: text('check_note'),
    /** When a Geek's delivery last went to the quality check. */
    checkRequestedAt: timestamptz('check_requested_at'),
    /** When the task's Geek last read its messages in the workspace (decision 047). */
    geekReadAt: timestamptz('geek_read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The task list's page and total (listUserOrderPage): read in index order, counted from the index alone.
    index('orders_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.number.desc())
      .where(sql`${t.clientRemove} = false and ${t.systemClientStatus} <> 'Deleted'`),
    // The client's Geeks (preferredGeekIds): only tasks with a Geek, a few among a client's many.
    index('orders_user_writer_idx').on(t.userId, t.geekId).where(sql`${t.geekId} is not null`),
    // A Geek's tasks, by their Geek, paged by deadline and id (the workspace, decision 047; migration 0059).
    index('orders_writer_deadline_id_idx').on(t.geekId, t.deadline, t.id),
    // The notification (migration 0059): the student's tasks with unread messages, newest conversation, own
    // last message.
    index('orders_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.clientRemove} = false and ${t.unreadForClient} > 0`),
    index('orders_user_last_message_idx')
      .on(t.userId, t.lastMessageAt)
      .where(sql`${t.clientRemove} = false and ${t.lastMessageAt} is not null`),
    index('orders_user_client_message_idx')
      .on(t.userId, t.clientLastMessageAt)
      .where(sql`${t.clientRemove} = false and ${t.clientLastMessageAt} is not null`),
    // The acceptance clock reads delivered tasks whose Geek has not earned yet.
    index('orders_acceptance_idx').on(t.deliveredAt).where(sql`${t.geekEarnedAt} is null`),
    check('orders_mark_range', sql`${t.mark} between 0 and 5`),
    // The offers a Geek may take, oldest paid first (migration 0057).
    index('orders_offers_idx')
      .on(t.clientPaidAtFirst, t.number)
      .where(
        sql`${t.geekId} is null and ${t.systemClientStatus} = 'Paid' and ${t.clientRemove} = false and ${t.paidCents} > 0 and ${t.tags} ? 'instr_ok'`,
      ),
    // One Geek's offers (migration 0059): the open tasks in a subject, and those whose student chose a Geek.
    index('orders_offers_subject_idx')
      .on(t.subject, t.clientPaidAtFirst, t.number)
      .where(
        sql`${t.geekId} is null and ${t.systemClientStatus} = 'Paid' and ${t.clientRemove} = false and ${t.paidCents} > 0 and ${t.tags} ? 'instr_ok'`,
      ),
    index('orders_offers_chosen_idx')
      .using('gin', sql`${t.services} jsonb_path_ops`)
      .where(
        sql`${t.geekId} is null and ${t.systemClientStatus} = 'Paid' and ${t.clientRemove} = false and ${t.paidCents} > 0 and ${t.tags} ? 'instr_ok'`,
      ),
    // Decision 056: the queue's groups, each in the queue's (deadline, id) order (ops.repository.ts writes the same
    // predicates); migration 0060 keys them so and adds INCLUDE columns (what each group's conditions read).
    index('orders_queue_refund_page_idx')
      .on(t.deadline, t.id)
      .where(sql`${t.clientRemove} = false and ${t.systemClientStatus} = 'Refund Requested'`),
    // Decision 048: deliveries held for the quality check.
    index('orders_queue_check_page_idx')
      .on(t.deadline, t.id)
      .where(sql`${t.clientRemove} = false and ${t.tags} @> '["quality_check"]'::jsonb`),
    index('orders_queue_revision_page_idx')
      .on(t.deadline, t.id)
      .where(
        sql`${t.clientRemove} = false and (${t.systemClientStatus} = 'Revision Requested' or ${t.clientStatus} = 'On revision')`,
      ),
    index('orders_queue_looking_page_idx')
      .on(t.deadline, t.id)
      .where(
        sql`${t.clientRemove} = false and ${t.paidCents} > 0 and ${t.systemClientStatus} in ('Paid', 'Refund Declined')`,
      ),
    // The 'deadline' group: tasks in progress not claimed by the revision or check groups.
    index('orders_queue_deadline_page_idx')
      .on(t.deadline, t.id)
      .where(
        sql`${t.clientRemove} = false and ${t.systemClientStatus} = 'In Progress' and not coalesce(${t.clientStatus} = 'On revision', false) and not coalesce(${t.tags} @> '["quality_check"]'::jsonb, false)`,
      ),
    index('orders_queue_unread_page_idx')
      .on(t.deadline, t.id)
      .where(sql`${t.clientRemove} = false and ${t.unreadClientMessages} > 0`),
    index('orders_deadline_idx').on(t.deadline).where(sql`${t.clientRemove} = false`),
    // The back office's search by any part of a title (pg_trgm).
    index('orders_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** Decision 056: each Geek's figures, kept by a trigger on orders (migration 0041). */
export const geekStats = pgTable('geek_stats', {
  geekId: uuid('geek_id')
    .primaryKey()
    .references(() => geeks.id),
  /** Tasks in progress or with a revision requested. */
  load: integer('load').notNull().default(0),
  /** Delivered tasks (work or revision sent) not refunded (decision 023). */
  completed: integer('completed').notNull().default(0),
  /** The sum and number of the real marks (1 to 5; 0 is no mark). */
  marksSum: bigint('marks_sum', { mode: 'number' }).notNull().default(0),
  marksN: integer('marks_n').notNull().default(0),
});

/**
 * Decision 056: what each Geek's ledger account received, by UTC day and by month, kept by a trigger on
 * ledger_entries (migration 0041): earnings (and the tasks earned on) and tips.
 */
const geekEarningColumns = () => ({
  geekId: uuid('geek_id').notNull(),
  earnedCents: cents('earned_cents').notNull().default(0),
  tipsCents: cents('tips_cents').notNull().default(0),
  tasks: integer('tasks').notNull().default(0),
});
export const geekEarningDays = pgTable(
  'geek_earning_days',
  { ...geekEarningColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.geekId, t.day] }), index('geek_earning_days_day_idx').on(t.day, t.geekId)],
);
export const geekEarningMonths = pgTable(
  'geek_earning_months',
  { ...geekEarningColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.geekId, t.month] }),
    index('geek_earning_months_month_idx').on(t.month, t.geekId),
  ],
);

/**
 * Decision 056: the queue's badges for the groups the clock does not move, kept by a trigger on orders (migration
 * 0055): per group, in 16 slots (a writer adds to its backend's slot); a group's count is the sum of its slots.
 */
export const opsQueueCounts = pgTable(
  'ops_queue_counts',
  {
    queueGroup: text('queue_group').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.queueGroup, t.slot] })],
);

/**
 * Decision 056: the tasks in progress the 'deadline' group takes (and 'messages' gives up) when due within 24
 * hours, by deadline hour (hours since 1970, UTC), kept by the same trigger (migration 0055).
 */
export const opsQueueDeadlineHours = pgTable(
  'ops_queue_deadline_hours',
  {
    queueGroup: text('queue_group').notNull(),
    hour: integer('hour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.queueGroup, t.hour] }),
    // The badges' sums of the hours before one, both groups in one read (migration 0060 includes queue_group, n).
    index('ops_queue_deadline_hours_hour_idx').on(t.hour),
  ],
);

/**
 * How many of a client's tasks the task list shows (not removed, not Deleted), by system_client_status: the
 * list's total without counting its rows on every request (decision 016). Kept by a trigger on orders
 * (migration order_list_counts), so every write path, raw SQL included, keeps it right.
 */
export const orderListCounts = pgTable(
  'order_list_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    systemClientStatus: text('system_client_status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.systemClientStatus] })],
);

export const orderMessages = pgTable(
  'order_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    senderRole: text('sender_role', { enum: ['writer', 'operator', 'system', 'client'] }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    // Attachments uploaded with context "msgs" (files issue): kept with the message they came with.
    files: jsonb('files').$type<MessageFileRow[]>().notNull().default([]),
    /** The staff account that wrote an operator or Geek message (null for the client's and the seed's). */
    staffId: uuid('staff_id').references(() => users.id),
    /** The Geek a message as the Geek ('writer') came from: the task's Geek when it was sent (a task may change Geek). */
    geekId: uuid('geek_id').references(() => geeks.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.createdAt),
    index('order_messages_unread_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'unread' and ${t.senderRole} <> 'client'`),
  ],
);

export type MessageFileRow = { id: string; name: string; size: number; type: string; location: string };

// ——— Live updates (decision 019) ———

// Every live event of a user, numbered: the id is the SSE event id, and a reconnecting stream replays what it
// missed from here. Written in the transaction of the change; pg_notify in the same transaction tells every
// API process after the commit. Pruned after a day (an older gap makes the web app refetch).
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: ['order', 'message', 'balance', 'records', 'offer'] }).notNull(),
    orderId: uuid('order_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id)],
);

// Which users have an open stream on which API process (refreshed by the heartbeat), so the message mail is
// sent only to a client who is not watching; a row older than two heartbeats belongs to a stopped process.
export const livePresence = pgTable(
  'live_presence',
  {
    userId: uuid('user_id').notNull(),
    processId: text('process_id').notNull(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processId] })],
);

// The batched "new message" mail of a task: at most one per task per 10 minutes (issue 13).
export const messageMailQueue = pgTable('message_mail_queue', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  dueAt: timestamptz('due_at'),
  lastSentAt: timestamptz('last_sent_at'),
});

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  discountType: text('discount_type', { enum: ['percentage'] })
    .notNull()
    .default('percentage'),
  percentOff: integer('percent_off').notNull(),
  minPriceCents: cents('min_price_cents').notNull().default(0),
  // "25% off the first 5 tasks": applies only while the client has fewer than N paid tasks.
  firstOrdersLimit: integer('first_orders_limit'),
  perUserLimit: integer('per_user_limit'),
  totalLimit: integer('total_limit'),
  validFrom: timestamptz('valid_from'),
  validUntil: timestamptz('valid_until'),
  active: boolean('active').notNull().default(true),
  // docs/product/tasks-and-pricing.md: a code may grant an add-on for free instead of (or with) a percentage.
  freeAddOn: text('free_add_on'),
  /** docs/product/tasks-and-pricing.md cashback_amount: a share of a fully paid task's price given back to the balance. */
  cashbackPercent: integer('cashback_percent').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

// docs/product/account.md "Subscription"; premium plus lowers the minimum hours (docs/product/account.md).
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    tag: text('tag', { enum: ['premium', 'premium plus'] }).notNull(),
    name: text('name').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamptz('current_period_end'),
    /** The monthly price when bought (decision 017); renewals charge it. */
    priceCents: cents('price_cents').notNull().default(0),
    gateway: text('gateway', { enum: ['sandbox', 'stripe'] }),
    /** The gateway's reference to what renews: the sandbox's first paid session, Stripe's `sub_…` (decision 017). */
    savedCardRef: text('saved_card_ref'),
    /** When the subscription clock charges it next (a renewal or a retry). */
    nextChargeAt: timestamptz('next_charge_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    endedAt: timestamptz('ended_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_clock_idx').on(t.status, t.nextChargeAt),
  ],
);

// Every applied transition of the order state machine, who triggered it and what it changed.
export const orderTransitions = pgTable(
  'order_transitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    name: text('name').notNull(),
    actor: text('actor', { enum: ['client', 'operator', 'gateway', 'system', 'geek'] }).notNull(),
    actorId: uuid('actor_id'),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_transitions_order_idx').on(t.orderId, t.createdAt)],
);

// Double-entry ledger (docs/product/payments-and-ledger.md): every transaction's entries sum to zero;
// an account's balance is the sum of its entries. Append-only: rows are never updated or deleted.
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    userId: uuid('user_id').references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    memo: text('memo'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Decision 056: a task's transactions (its money panel, the receipts' first payments).
    index('ledger_transactions_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    // The receipt sweep's last day.
    index('ledger_transactions_created_idx').on(t.createdAt),
    // One user's last day, read after each of their payments (migration 0063).
    index('ledger_transactions_user_created_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.userId} is not null`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** Insertion order: entries of one database transaction share its timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    accountType: text('account_type', {
      enum: ['user', 'order', 'geek', 'gateway', 'revenue', 'geek_payouts'],
    }).notNull(),
    // user, order or Geek id; null for the system accounts (gateway, revenue)
    accountId: uuid('account_id'),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    // Decision 056: the balance check and the receipts read a transaction's entries; an account's entries are
    // read in insertion order with their amounts (index-only balances).
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_seq_idx').on(t.accountType, t.accountId, t.seq), // INCLUDE (amount_cents)
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** Decision 059: the server refused the mail for good (SMTP 5xx); it is not retried. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    /** One mail per cause (a payment's receipt, a welcome): a second enqueue with the same key is a no-op. */
    dedupeKey: text('dedupe_key').unique(),
    /** The request that queued the mail (decision 032): the worker's log lines about it carry the same id. */
    requestId: text('request_id'),
    /** Decision 051: the body is a secret (a restored password): emptied once sent. */
    forgetBody: boolean('forget_body').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

// Rate-limit counters live in the database, so every API process sees the same counts.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamptz('window_ends_at').notNull(),
});

// ——— Payments (decision 010) ———

/** The return addresses a gateway sends the browser back to (docs/product/payments-and-ledger.md). */
export type ReturnUrls = { success: string; cancel: string; error: string; expired: string };

// One card payment: the card share of a task payment, a tip or a balance top-up. Money moves only when the
// gateway's webhook says it succeeded; the row records what it was for and what became of it.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    purpose: text('purpose', { enum: ['order', 'tip', 'top_up', 'subscription'] }).notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** The gateway's fingerprint of the card that paid (a referral abuse signal, decision 017). */
    cardFingerprint: text('card_fingerprint'),
    context: text('context', { enum: PAYMENT_CONTEXTS }),
    partial: boolean('partial').notNull().default(false),
    /** What the card pays. */
    amountCents: cents('amount_cents').notNull(),
    /** The balance share the client allowed; with the card amount it makes what is due. */
    balanceUseCents: cents('balance_use_cents').notNull().default(0),
    /** The task's total price the client saw; the task is not paid if it changed meanwhile. */
    expectedPriceCents: cents('expected_price_cents'),
    gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
    gatewayRef: text('gateway_ref'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    /** After success: 'applied' (the task or tip was paid) or 'kept_on_balance' (with the reason). */
    outcome: text('outcome'),
    outcomeNote: text('outcome_note'),
    returnUrls: jsonb('return_urls').$type<ReturnUrls>().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    settledAt: timestamptz('settled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_card_fingerprint_idx').on(t.cardFingerprint),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_balance_use_nonnegative', sql`${t.balanceUseCents} >= 0`),
  ],
);

// Every gateway event received, by the gateway's own event id: a replayed event is a no-op.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  paymentId: uuid('payment_id'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

// ——— The sandbox gateway's own books (it plays an outside card processor) ———

export const sandboxGatewaySessions = pgTable('sandbox_gateway_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantPaymentId: text('merchant_payment_id').notNull().unique(),
  amountCents: cents('amount_cents').notNull(),
  currency: text('currency').notNull(),
  details: text('details').notNull(),
  company: text('company').notNull(),
  returnUrls: jsonb('return_urls').$type<ReturnUrls>().notNull(),
  status: text('status', { enum: ['open', 'paid', 'declined', 'failed', 'expired'] })
    .notNull()
    .default('open'),
  cardLast4: text('card_last4'),
  cardFingerprint: text('card_fingerprint'),
  /** What a later charge of this card on file does (test card 0341 pays now and declines later). */
  laterChargeOutcome: text('later_charge_outcome', { enum: ['paid', 'declined'] }),
  refundedCents: cents('refunded_cents').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

// The sandbox's webhook outbox: written with the charge, delivered after; undelivered events are retried, so a
// crash between the charge and the delivery loses nothing.
export const sandboxGatewayEvents = pgTable(
  'sandbox_gateway_events',
  {
    id: text('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sandboxGatewaySessions.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_events_pending_idx').on(t.deliveredAt, t.createdAt)],
);

// A refund to a card, owed once the refund is accepted (its ledger entries are written then) and carried out
// by the gateway after the commit, never inside a database transaction; retried until the gateway confirms.
export const cardRefunds = pgTable('card_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  amountCents: cents('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status', { enum: ['pending', 'succeeded'] })
    .notNull()
    .default('pending'),
  gatewayRefundId: text('gateway_refund_id'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  doneAt: timestamptz('done_at'),
});
// ─── Ways in (issue 6, decision 011): applications, one-time log-in tokens, pending tasks ───────────────

// docs/product/public-site.md: the Geek application, the teacher beta sign-up and the institution application, kept as sent.
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['geek', 'teacher', 'institution'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    school: text('school'),
    comment: text('comment'),
    expertise: text('expertise'),
    subject: text('subject'),
    // A Geek applicant's password, argon2id like users.password_hash; never the password itself.
    passwordHash: text('password_hash'),
    ip: text('ip'),
    /** Issue 31: staff approve (making `geek_id`) or reject (with `reason`) a Geek application. */
    status: text('status', { enum: ['new', 'approved', 'rejected'] })
      .notNull()
      .default('new'),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    reason: text('reason'),
    geekId: uuid('geek_id').references(() => geeks.id),
    /** The applicant's password is under 8 characters: the Geek changes it at first log-in. */
    passwordShort: boolean('password_short').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('applications_kind_created_idx').on(t.kind, t.createdAt)],
);

// One-time log-in links mailed to a user (/login/{token}): only the SHA-256 of the token is stored.
export const loginTokens = pgTable(
  'login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    redirectPath: text('redirect_path').notNull(),
    /** The user's session version when issued: a log-out or a password change since refuses it (decision 028). */
    tokenVersion: integer('token_version').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_tokens_user_idx').on(t.userId)],
);

/**
 * Decision 051: the one-click undo of a notification e-mail change, mailed to the account e-mail when the change
 * is asked and when it is confirmed; only the SHA-256 of the token is stored.
 */
export const notificationEmailUndoTokens = pgTable(
  'notification_email_undo_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_email_undo_tokens_user_idx').on(t.userId)],
);

// A task started while logged out carries a client-made id (toid, docs/product/account.md); creating it again with the
// same toid answers the same task instead of a second one.
export const orderClientTokens = pgTable(
  'order_client_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientToken: text('client_token').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientToken] })],
);

// ─── Files (issue 12, decision 015) ──────────────────────────────────────────────────────────────────────

// Every presigned POST handed out: the key it allows, to whom, for which task and context, and what the
// uploader said the file is. Attaching claims the row once, so only keys signed for this user and task record.
export const fileUploads = pgTable(
  'file_uploads',
  {
    key: text('key').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The client, the staff account, or the Geek (their geeks id, decision 047) the POST was signed for. */
    userId: uuid('user_id').notNull(),
    context: text('context', { enum: ['order', 'revision', 'msgs', 'geek'] }).notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    claimedAt: timestamptz('claimed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('file_uploads_order_idx').on(t.orderId)],
);

// docs/product/files.md "Order file": the task's files, the client's and the Geek's. `location` is the storage key.
export const orderFiles = pgTable(
  'order_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    location: text('location')
      .notNull()
      .references(() => fileUploads.key),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    type: text('type', {
      enum: [
        'order_form',
        'client_revision_request_file',
        'file_final_draft',
        'file_final_draft_comment',
        'file_final_draft_proofread',
        'file_draft_paper',
        'plagreport_file_final_draft',
        'allocates',
      ],
    }).notNull(),
    contentType: text('content_type').notNull(),
    /** A users id, or a Geek's own upload's geeks id (decision 047). */
    uploadedBy: uuid('uploaded_by').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    plagStatus: text('plag_status'),
    plagLevel: integer('plag_level'),
    overridePgch: boolean('override_pgch').notNull().default(false),
    revisionAccept: boolean('revision_accept').notNull().default(false),
    clientAccept: boolean('client_accept').notNull().default(false),
    /** Decision 048: a Geek's own upload, hidden from the student until the work reaches them. */
    heldForCheck: boolean('held_for_check').notNull().default(false),
    /** The client's first download (docs/product/files.md: the Geek files page shows whether files were downloaded). */
    downloadedAt: timestamptz('downloaded_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_files_location_key').on(t.location),
    index('order_files_order_idx').on(t.orderId, t.createdAt),
  ],
);

// An SMS code sent to confirm a phone (docs/product/account.md): only its hash is kept; attempts are counted on the server.
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
    /** Decision 029: when the account gave up the phone it verified (a number waits 30 days for another one). */
    releasedAt: timestamptz('released_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phone),
  ],
);

// The browsers an account signed up or logged in from (decision 017's same-device referral signal): a SHA-256 of
// the first-party device cookie, never the cookie itself.
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('user_devices_device_idx').on(t.deviceHash),
  ],
);

// ─── Back office (issue 16, decision 021) ────────────────────────────────────────────────────────────────

// Every staff action and autopilot step, written in the same transaction as the change it records.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['staff', 'autopilot', 'geek'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    /** A Geek acting in their workspace (decision 047). */
    actorGeekId: uuid('actor_geek_id').references(() => geeks.id),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The user, Geek or staff account the action was about, where it was not a task. */
    subjectId: uuid('subject_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Decision 029: the money (cents) a staff action gave a client; a support account's daily total sums it. */
    amountCents: cents('amount_cents'),
    /** The request (or autopilot pass) that made the change, as in the logs (decision 032). */
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_order_idx').on(t.orderId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

// The demo autopilot's steps (decision 022): one row per task and step, written in the step's own transaction, so
// a step is done once however many API processes run the autopilot.
export const autopilotSteps = pgTable(
  'autopilot_steps',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The round (`work`, or `revision-<request time>`) and the step, e.g. `work:message`. */
    step: text('step').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.step] })],
);

// Internal notes staff leave each other on a task; never shown to the client.
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
