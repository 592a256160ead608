import { z } from 'zod';
import {
  MESSAGE_MAX_FILES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXTS,
  messageFileInputSchema,
  messageResponseSchema,
} from '../chat/message-schemas.ts';
import { MAX_FILES_PER_ATTACH } from '../files/file-limits.ts';
import {
  opsUploadRequestSchema,
  orderFileSchema,
  presignedPostSchema,
  uploadedFileSchema,
} from '../files/file-schemas.ts';
import { endpoint, noContentSchema } from '../http/endpoint.ts';
import { GEEK_FILE_TYPES } from '../orders/geek-files.ts';
import { emailField } from '../users/user-schemas.ts';

// The Geek workspace (issue 31, docs/product/http-api.md "Geek workspace", decisions 047 and 048): every request body and answer
// of /workspace/*, the back office's applications, payouts and quality check, written once for the API and the
// web app. Money in answers is US dollars (2 decimals); the server keeps integer cents.

const dollars = z.number().describe('US dollars, 2 decimals');
const isoTime = z.string().describe('ISO 8601, UTC');
const noNul = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/, 'Text cannot contain a NUL character');

/** The workspace's pages: every mail to a Geek links to one of these (the web app serves them). */
export const WORKSPACE_PATHS = {
  login: '/workspace/login',
  offers: '/workspace',
  tasks: '/workspace/tasks',
  task: (orderId: string) => `/workspace/tasks/${orderId}`,
  earnings: '/workspace/earnings',
  profile: '/workspace/profile',
  /** The one-time link of an invitation (72 hours) or a password restore (1 hour) sets a password here. */
  setPassword: (token: string) => `/workspace/set-password/${token}`,
} as const;

/** The exact words a Geek is answered (the web app shows them as they are). */
export const WORKSPACE_MESSAGES = {
  taken: 'Another Geek took this task',
  badLogin: 'Wrong e-mail or password',
  passwordTooShort: 'At least 8 characters',
  mustChangePassword: 'Choose a new password of at least 8 characters before you continue',
  linkExpired: 'This link has expired or was already used. Ask for a new one.',
  overOwed: 'The amount is more than Geekly owes this Geek',
  disabled: 'This Geek account is disabled',
} as const;

/** A Geek's new password (a chosen one, a restore or a first log-in with a short application password). */
export const GEEK_PASSWORD_MIN = 8;
const newPassword = z.string().min(GEEK_PASSWORD_MIN, WORKSPACE_MESSAGES.passwordTooShort).max(128);

// ——— Log-in (decision 047: a Geek's token is its own kind) ———

/** POST /workspace/session */
const workspaceSessionSchema = z.object({
  email: emailField,
  password: z.string().min(1).max(128),
});

/** The signed-in Geek's account (GET/PATCH /workspace/me, and with the session's jwt). */
const geekAccountSchema = z.object({
  _id: z.string().describe('the Geek profile id (writer_id)'),
  email: z.string(),
  public_full_name: z.string(),
  major: z.string(),
  public_subjects: z.array(z.string()),
  available: z.boolean().describe('false: Away, no offers'),
  top: z.boolean().describe("marked TOP by staff: sees tasks with the 'TOP Geek' add-on"),
  must_change_password: z
    .boolean()
    .describe('the application password is under 8 characters: every call but /workspace/me/password is 403'),
  rating: z.number().nullable().describe("the average of the students' marks (1–5), null before the first"),
  completed: z.number().int().describe('tasks delivered'),
  reviews: z
    .array(
      z.object({
        order_number: z.number().int(),
        mark: z.number().int(),
        feedback: z.string().nullable(),
        at: isoTime,
      }),
    )
    .describe("the students' marks and comments on this Geek's work, newest first (at most 50)"),
});
export type GeekAccount = z.output<typeof geekAccountSchema>;

const workspaceSessionResponseSchema = z.object({ jwt: z.string(), geek: geekAccountSchema });

/** PATCH /workspace/me: Available / Away, major, subjects (courses from the list). */
export const workspaceMePatchSchema = z
  .object({
    available: z.boolean(),
    major: z.string().trim().min(1, 'Enter the major').max(100),
    public_subjects: z.array(z.string().trim().min(1).max(100)).max(50),
  })
  .partial();

/** POST /workspace/me/password: answers a new jwt for this browser; every other session and stream ends. */
const workspacePasswordChangeSchema = z.object({
  current_password: z.string().min(1).max(128),
  new_password: newPassword,
});
const workspaceJwtResponseSchema = z.object({ jwt: z.string() });

/** POST /workspace/password-restore: always 204 (no answer says whether the e-mail is a Geek's). */
const workspacePasswordRestoreSchema = z.object({ email: emailField });

/** POST /workspace/set-password: the one-time token of an invitation or a restore link, and the new password. */
const workspaceSetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});

// ——— Offers and tasks ———

/** The add-ons that matter to a Geek's work (the others are the student's own business). */
export const WORK_ADD_ONS = [
  'draft_needed',
  'adv_plagreport',
  'top_writer',
  'client_recomended_writer',
  'prioritize_my_task',
] as const;
export type WorkAddOn = (typeof WORK_ADD_ONS)[number];

/** GET /workspace/offers: one task this Geek may take now (never anything about the student). */
const workspaceOfferSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  subject: z.string(),
  request_type: z.string().nullable(),
  size: z.string(),
  level: z.string(),
  spacing: z.string(),
  deadline: isoTime,
  geek_pay: dollars.describe("the Geek's share of the work price (GEEK_SHARE_PERCENT)"),
  add_ons: z.array(z.enum(WORK_ADD_ONS)),
  reserved_for_you: z
    .boolean()
    .describe("the student chose this Geek ('Preferred Geek'): theirs alone for 12 hours"),
  offered_at: isoTime.describe('when the task was paid'),
});
export type WorkspaceOffer = z.output<typeof workspaceOfferSchema>;
const workspaceOffersResponseSchema = z.object({ results: z.array(workspaceOfferSchema) });

/** What the Geek must do next on a task: My tasks groups by it (issue 31 item 4). */
export const WORKSPACE_TASK_STAGES = [
  'start',
  'write',
  'revise',
  'check',
  'delivered',
  'accepted',
  'closed',
] as const;
export type WorkspaceTaskStage = (typeof WORKSPACE_TASK_STAGES)[number];
export const WORKSPACE_STAGE_LABELS: Record<WorkspaceTaskStage, string> = {
  start: 'To start',
  write: 'Writing',
  revise: 'Revision',
  check: 'Quality check',
  delivered: 'Delivered',
  accepted: 'Accepted',
  closed: 'Closed',
};

/** The transitions a Geek runs on their own task (POST /workspace/tasks/{id}/transitions). */
export const GEEK_TASK_TRANSITIONS = ['start_work', 'deliver', 'deliver_revision', 'give_back'] as const;
export type GeekTaskTransition = (typeof GEEK_TASK_TRANSITIONS)[number];
const workspaceTransitionSchema = z.object({ name: z.enum(GEEK_TASK_TRANSITIONS) });

/** A task in My tasks. The student is only ever 'Student' and the task's number (`student`). */
const workspaceTaskSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  student: z.string().describe("'Student 10001': never the student's name, e-mail, phone or country"),
  title: z.string(),
  subject: z.string(),
  request_type: z.string().nullable(),
  size: z.string(),
  level: z.string(),
  spacing: z.string(),
  deadline: isoTime,
  draft_deadline: isoTime.nullable().describe("with the 'Draft' add-on: when the draft is due"),
  revision_deadline: isoTime.nullable(),
  geek_pay: dollars,
  stage: z.enum(WORKSPACE_TASK_STAGES),
  system_client_status: z.string(),
  client_status: z.string().nullable(),
  add_ons: z.array(z.enum(WORK_ADD_ONS)),
  work_started_at: isoTime.nullable(),
  delivered_at: isoTime.nullable(),
  accepted: z.boolean(),
  mark: z.number().int().nullable(),
  unread_messages: z.number().int().describe('messages from the student this Geek has not read'),
  transitions: z.array(z.enum(GEEK_TASK_TRANSITIONS)).describe('what the state machine allows this Geek now'),
});
export type WorkspaceTask = z.output<typeof workspaceTaskSchema>;
const workspaceTasksResponseSchema = z.object({
  results: z.array(workspaceTaskSchema),
  next: z
    .string()
    .nullable()
    .describe('the `after` of the next page (the last task of this one), null on the last page'),
});

/** A file of the task as the Geek sees it; `download_url` is a 5-minute signed address. */
const workspaceFileSchema = orderFileSchema
  .pick({
    _id: true,
    name: true,
    size: true,
    type: true,
    content_type: true,
    created_at: true,
    plag_status: true,
    plag_level: true,
  })
  .extend({
    from: z.enum(['student', 'geek']),
    download_url: z.string(),
  });

/** GET /workspace/tasks/{id} */
const workspaceTaskDetailSchema = workspaceTaskSchema.extend({
  details: z.string().describe('the instructions'),
  files: z
    .array(workspaceFileSchema)
    .describe("the student's files and this task's Geek files (removed ones left out)"),
  revision: z
    .object({
      comment: z.string().nullable(),
      deadline: isoTime.nullable(),
      requested_at: isoTime.nullable(),
    })
    .nullable()
    .describe(
      "the student's latest revision request (its files are the files of type client_revision_request_file)",
    ),
  check: z
    .object({ waiting: z.boolean(), returned_note: z.string().nullable() })
    .describe(
      'the quality check (decision 048): waiting for staff, or the note staff returned the work with',
    ),
  feedback: z.string().nullable(),
});
export type WorkspaceTaskDetail = z.output<typeof workspaceTaskDetailSchema>;

// ——— Files and messages ———

/** POST /workspace/tasks/{id}/uploads: as /ops/orders/{id}/uploads. */
const workspaceUploadRequestSchema = opsUploadRequestSchema;
const workspaceUploadResponseSchema = presignedPostSchema;

/** POST /workspace/tasks/{id}/files: the specs' Geek file types, with the plagiarism check the Geek ran. */
export const workspaceAttachFilesSchema = z.object({
  files: z
    .array(
      uploadedFileSchema.extend({
        type: z.enum(GEEK_FILE_TYPES),
        plag_status: z.enum(['found', 'not_found', 'checking']).nullable().optional(),
        plag_level: z.number().int().min(0).max(100).nullable().optional(),
      }),
    )
    .min(1)
    .max(MAX_FILES_PER_ATTACH),
});
const workspaceAttachResponseSchema = z.object({ attached_files: z.array(workspaceFileSchema) });

/** POST /workspace/tasks/{id}/messages: written as this Geek (sender_role 'writer'). */
export const workspaceSendMessageSchema = z
  .object({
    message: z.string().max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong).default(''),
    files: z.array(messageFileInputSchema).max(MESSAGE_MAX_FILES).default([]),
  })
  .refine((m) => m.message.trim().length > 0 || m.files.length > 0, {
    message: MESSAGE_TEXTS.empty,
    path: ['message'],
  });
/** A message on the Geek's side: the student's carry `name: 'Student 10001'`, the Geek's their public name. */
const workspaceMessageSchema = messageResponseSchema;
const workspaceMessagesResponseSchema = z.object({ results: z.array(workspaceMessageSchema) });

// ——— Live events (GET /workspace/events) ———

/**
 * The Server-Sent Events a Geek's stream carries (`data` is JSON `{ type, order_id }`): `offer` (an offer appeared
 * or went), `order` (one of this Geek's tasks changed), `message` (a message on one of them); `ready`, `resync`
 * and `ping` as on the students' stream.
 */
export const WORKSPACE_EVENT_TYPES = ['offer', 'order', 'message'] as const;

// ——— Earnings and payouts (decision 047) ———

export const EARNING_KINDS = ['earning', 'tip', 'payout'] as const;
const EARNING_STATUSES = ['pending', 'earned', 'paid'] as const;

/** GET /workspace/earnings */
const workspaceEarningsSchema = z.object({
  results: z.array(
    z.object({
      order_id: z.string().nullable(),
      order_number: z.number().int().nullable(),
      title: z.string().nullable(),
      kind: z.enum(EARNING_KINDS),
      amount: dollars.describe('a payout is negative'),
      status: z
        .enum(EARNING_STATUSES)
        .describe(
          "pending: the task's work is not accepted yet; earned: on the Geek's account; paid: paid out",
        ),
      reference: z.string().nullable().describe("a payout's reference"),
      at: isoTime,
    }),
  ),
  pending: dollars.describe('what tasks in hand will earn once accepted'),
  earned: dollars.describe('earnings and tips received, all time'),
  paid_out: dollars,
  owed: dollars.describe('earned - paid_out: what Geekly owes the Geek now'),
  requested: dollars.describe('open payout requests'),
});
export type WorkspaceEarnings = z.output<typeof workspaceEarningsSchema>;

/** POST /workspace/payout-requests: the Geek asks for what is owed (all of it without an amount). */
export const payoutRequestSchema = z.object({
  amount: z.number().positive().max(1_000_000).multipleOf(0.01).optional(),
  note: noNul(500).optional(),
});
export const PAYOUT_REQUEST_STATUSES = ['open', 'paid', 'cancelled'] as const;
const payoutRequestResponseSchema = z.object({
  _id: z.string(),
  geek_id: z.string(),
  public_full_name: z.string(),
  amount: dollars,
  owed: dollars.describe('what Geekly owes the Geek now'),
  note: z.string().nullable(),
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
});
export const payoutRequestsResponseSchema = z.object({ results: z.array(payoutRequestResponseSchema) });

/** POST /ops/geek-payouts (admin only): a payout recorded in the ledger, never above what is owed. */
export const geekPayoutSchema = z.object({
  geek_id: z.string().max(100),
  amount: z.number().positive().max(1_000_000).multipleOf(0.01).describe('US dollars'),
  reference: noNul(200).trim().min(1, 'Give the transfer reference'),
});
export const geekPayoutResponseSchema = z.object({
  _id: z.string(),
  geek_id: z.string(),
  amount: dollars,
  reference: z.string(),
  owed: dollars.describe('what is still owed after this payout'),
  created_at: isoTime,
});

// ——— Applications (back office) ———

const APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
/** GET /ops/applications?kind=geek: never the password. */
export const opsApplicationsQuerySchema = z.object({
  kind: z.enum(['geek', 'teacher', 'institution']).default('geek'),
  status: z.enum(APPLICATION_STATUSES).optional(),
});
export const opsApplicationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['geek', 'teacher', 'institution']),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  expertise: z.string().nullable(),
  school: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: isoTime,
  status: z.enum(APPLICATION_STATUSES),
  decided_at: isoTime.nullable(),
  reason: z.string().nullable().describe("a rejection's reason"),
  geek_id: z.string().nullable().describe('the Geek profile an approval made'),
});
export const opsApplicationsResponseSchema = z.object({ results: z.array(opsApplicationSchema) });

/** POST /ops/applications/{id}/approve */
export const approveApplicationSchema = z.object({
  major: z.string().trim().min(1).max(100).optional(),
  public_subjects: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});
/** POST /ops/applications/{id}/reject */
export const rejectApplicationSchema = z.object({
  reason: noNul(2000).trim().min(1, 'Give a reason'),
});

/** The Geek profile as staff see it (POST approve, GET /ops/geeks rows carry the same log-in fields). */
export const opsGeekProfileSchema = z.object({
  _id: z.string(),
  public_full_name: z.string(),
  major: z.string(),
  public_subjects: z.array(z.string()),
  is_disabled: z.boolean(),
  top: z.boolean(),
  available: z.boolean(),
  login_email: z.string().nullable().describe('the Geek log-in, if any'),
});

/** POST /ops/geeks/{id}/invite: a one-time link (72 hours) to set a password for this profile's log-in. */
export const inviteGeekSchema = z.object({ email: emailField });
export const inviteGeekResponseSchema = z.object({
  geek_id: z.string(),
  email: z.string(),
  expires_at: isoTime,
});

/** Staff's quality check transitions (POST /ops/orders/{id}/transitions, decision 048). */
export const QUALITY_CHECK_TRANSITIONS = ['pass_check', 'return_to_geek'] as const;
/** The note `return_to_geek` takes (required for it). */
export const returnToGeekNoteSchema = noNul(2000).trim().min(1, 'Tell the Geek what to fix');

// ——— Rules (the server enforces them; the web app only shows) ———

/** A 'Preferred Geek' add-on keeps the task for the chosen Geek this long after it was paid. */
export const PREFERRED_GEEK_HOLD_MS = 12 * 3_600_000;

/** What the offer rules read of a task. */
type OfferTask = {
  subject: string;
  services: readonly { tag: string; writerId?: string | null }[];
  paidAt: Date | null;
};
/** What the offer rules read of a Geek. */
export type OfferGeek = {
  id: string;
  subjects: readonly string[];
  top: boolean;
  available: boolean;
  disabled: boolean;
};

/**
 * Decision 047: whether a Geek may see and take an open task (paid, instructions accepted, no Geek: checked by
 * the query). An Away or disabled Geek gets none; a 'Preferred Geek' task is the chosen Geek's alone for 12 hours
 * after payment (whatever their subjects); a 'TOP Geek' task is for TOP Geeks only; otherwise the course must be
 * among the Geek's subjects. The student's block is checked by the query.
 */
export function mayTakeOffer(task: OfferTask, geek: OfferGeek, now: Date): boolean {
  if (!geek.available || geek.disabled) return false;
  const preferred = task.services.find((s) => s.tag === 'client_recomended_writer')?.writerId ?? null;
  const held =
    preferred !== null &&
    (task.paidAt === null || now.getTime() - task.paidAt.getTime() < PREFERRED_GEEK_HOLD_MS);
  if (held) return preferred === geek.id;
  if (task.services.some((s) => s.tag === 'top_writer') && !geek.top) return false;
  return preferred === geek.id || geek.subjects.includes(task.subject);
}

/** The 'Draft' add-on's due time: halfway from the payment to the deadline. */
export function draftDeadline(paidAt: Date | null, deadline: Date): Date | null {
  if (!paidAt) return null;
  return new Date(paidAt.getTime() + Math.max(0, deadline.getTime() - paidAt.getTime()) / 2);
}

/** A Geek's public name from an applicant's name: "First L." (one word stays as it is). */
export function publicGeekName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** How the student is named on the Geek's side. */
export const studentLabel = (orderNumber: number) => `Student ${orderNumber}`;

/** The workspace stage of a task (My tasks groups); `accepted`: the student accepted the work. */
export function workspaceStage(t: {
  system_client_status: string;
  client_status: string | null;
  tags: readonly string[];
  accepted: boolean;
  refunded: boolean;
}): WorkspaceTaskStage {
  if (t.refunded || t.system_client_status === 'Refund Accepted' || t.system_client_status === 'Deleted')
    return 'closed';
  if (t.tags.includes('quality_check')) return 'check';
  if (t.accepted) return 'accepted';
  if (t.client_status === 'Nerd found') return 'start';
  if (t.client_status === 'Revision requested' || t.client_status === 'On revision') return 'revise';
  if (t.client_status === 'In progress' || t.client_status === 'Final touches') return 'write';
  return 'delivered';
}

// ——— The endpoints of /workspace (decision 065); the live events (GET /workspace/events) are a stream ———

const taskParams = z.object({ id: z.string().max(100) });

export const workspaceContract = {
  logIn: endpoint({
    method: 'POST',
    path: '/workspace/session',
    summary: "A Geek's log-in: e-mail and password (limited as the students' log-in); a Geek token",
    body: workspaceSessionSchema,
    responses: { 200: workspaceSessionResponseSchema },
    errors: [400, 403, 422, 429],
  }),
  restorePassword: endpoint({
    method: 'POST',
    path: '/workspace/password-restore',
    summary: 'Mail a one-time link (1 hour) to set a new password; 204 whether or not the e-mail is a Geek’s',
    body: workspacePasswordRestoreSchema,
    responses: { 204: noContentSchema },
    errors: [422, 429],
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/workspace/set-password',
    summary: "Spend an invitation's (72 h) or a restore's (1 h) link: set the password and sign in",
    body: workspaceSetPasswordSchema,
    responses: { 200: workspaceSessionResponseSchema },
    errors: [422, 429],
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/workspace/logout',
    summary: "Log out: the Geek's tokens are refused from then on and their event streams end",
    responses: { 204: noContentSchema },
    errors: [401],
  }),
  me: endpoint({
    method: 'GET',
    path: '/workspace/me',
    summary: 'The signed-in Geek: profile, Available / Away, rating and the students’ comments',
    responses: { 200: geekAccountSchema },
    errors: [401],
  }),
  editMe: endpoint({
    method: 'PATCH',
    path: '/workspace/me',
    summary: 'Change Available / Away, major or subjects (courses from the list)',
    body: workspaceMePatchSchema,
    responses: { 200: geekAccountSchema },
    errors: [401, 403, 422],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/workspace/me/password',
    summary: 'A new password (8+); answers a token for this browser, every other session ends',
    body: workspacePasswordChangeSchema,
    responses: { 200: workspaceJwtResponseSchema },
    errors: [401, 422],
  }),
  offers: endpoint({
    method: 'GET',
    path: '/workspace/offers',
    summary:
      'The tasks this Geek may take now: paid, instructions accepted, no Geek, in their subjects (Preferred ' +
      "Geek: theirs for 12 hours; TOP Geek: TOP Geeks only; none while Away), each with the Geek's pay",
    responses: { 200: workspaceOffersResponseSchema },
    errors: [401, 403],
  }),
  takeOffer: endpoint({
    method: 'POST',
    path: '/workspace/offers/:id/take',
    summary: `Take an offer (assign_geek for the geek actor); 409 "${WORKSPACE_MESSAGES.taken}" when it is gone`,
    params: taskParams,
    responses: { 200: workspaceTaskSchema },
    errors: [401, 403, 404, 409],
  }),
  tasks: endpoint({
    method: 'GET',
    path: '/workspace/tasks',
    summary:
      "This Geek's tasks, 50 a page, the latest deadline first (the tasks in hand before the finished ones, ties by _id), with their stage and unread messages; the next page with after=next",
    query: z.object({
      after: z
        .guid()
        .optional()
        .describe("the next page: the `next` of the page before (one of this Geek's tasks)"),
    }),
    responses: { 200: workspaceTasksResponseSchema },
    errors: [401, 403, 422],
  }),
  task: endpoint({
    method: 'GET',
    path: '/workspace/tasks/:id',
    summary:
      "One of this Geek's tasks: instructions, files (signed downloads), deadlines, pay, revision and check; " +
      'never anything about the student',
    params: taskParams,
    responses: { 200: workspaceTaskDetailSchema },
    errors: [401, 403, 404],
  }),
  transition: endpoint({
    method: 'POST',
    path: '/workspace/tasks/:id/transitions',
    summary:
      'start_work, deliver (needs a final draft), deliver_revision, or give_back (before work starts: back to ' +
      'the offers); a delivery waits for the quality check when GEEK_DELIVERY_CHECK is on',
    params: taskParams,
    body: workspaceTransitionSchema,
    responses: { 200: workspaceTaskDetailSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  upload: endpoint({
    method: 'POST',
    path: '/workspace/tasks/:id/uploads',
    summary:
      'A presigned POST for a Geek file of this task (as /ops/orders/{id}/uploads; the per-user limits)',
    params: taskParams,
    body: workspaceUploadRequestSchema,
    responses: { 201: workspaceUploadResponseSchema },
    errors: [401, 403, 404, 409, 422, 429],
  }),
  attachFiles: endpoint({
    method: 'POST',
    path: '/workspace/tasks/:id/files',
    summary:
      'Attach uploaded Geek files (file_draft_paper, file_final_draft, plagreport_file_final_draft with its level, …)',
    params: taskParams,
    body: workspaceAttachFilesSchema,
    responses: { 201: workspaceAttachResponseSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  messages: endpoint({
    method: 'GET',
    path: '/workspace/tasks/:id/messages',
    summary: "The conversation with the task's student ('Student <number>'), oldest first; marks it read",
    params: taskParams,
    responses: { 200: workspaceMessagesResponseSchema },
    errors: [401, 403, 404],
  }),
  /** A redirect, not JSON: the web app fetches it with the Geek's token and hands the bytes to the browser. */
  messageFileDownload: endpoint({
    method: 'GET',
    path: '/workspace/tasks/:id/messages/:messageId/files/:fileId/download',
    summary: "Redirects to a short-lived signed address of a message's attachment on this Geek's task",
    params: z.object({
      id: z.string().max(100),
      messageId: z.string().max(100),
      fileId: z.string().max(100),
    }),
    responses: { 302: z.null() },
    errors: [401, 403, 404],
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/workspace/tasks/:id/messages',
    summary: "Write to the student as this Geek (sender_role 'writer', the Geek's public name on their side)",
    params: taskParams,
    body: workspaceSendMessageSchema,
    responses: { 201: workspaceMessageSchema },
    errors: [401, 403, 404, 409, 422, 429],
  }),
  earnings: endpoint({
    method: 'GET',
    path: '/workspace/earnings',
    summary:
      'Earnings (pending until the work is accepted), tips and payouts, and what Geekly owes the Geek now',
    responses: { 200: workspaceEarningsSchema },
    errors: [401, 403],
  }),
  payoutRequests: endpoint({
    method: 'GET',
    path: '/workspace/payout-requests',
    summary: "This Geek's payout requests, newest first",
    responses: { 200: payoutRequestsResponseSchema },
    errors: [401, 403],
  }),
  requestPayout: endpoint({
    method: 'POST',
    path: '/workspace/payout-requests',
    summary:
      'Ask for a payout of what is owed (all of it not yet asked for, without an amount); staff record it',
    body: payoutRequestSchema,
    responses: { 201: payoutRequestResponseSchema },
    errors: [401, 403, 422],
  }),
};
