import { z } from 'zod';
import { endpoint, noContentSchema } from '../http/endpoint.ts';
import { topUpAmountSchema } from '../payments/amount-schemas.ts';
import { emailField } from '../users/user-schemas.ts';
import { opsGeekProfileSchema } from '../workspace/workspace-contract.ts';
import {
  geekPatchSchema,
  newGeekSchema,
  STAFF_ROLES,
  staffAccountSchema,
  staffPatchSchema,
} from './back-office.ts';
import { rejectedMailListSchema } from './rejected-mail.ts';

// The operator API's staff, Geek profile and audit calls (decision 021, 027); its task calls are in
// ops-orders-contract.ts. Every call but the log-in takes the staff bearer token.

const idParams = z.object({ id: z.string().max(100) });

const staffLogInSchema = z.object({ email: emailField, password: z.string().min(1).max(128) });
const staffTokenSchema = z.object({ jwt: z.string() });

/** GET /ops/me: the signed-in staff account. */
const staffMeSchema = z.object({
  _id: z.string(),
  email: z.string(),
  staff_role: z.enum(STAFF_ROLES),
});
export type StaffMe = z.output<typeof staffMeSchema>;

/** A Geek profile as staff see it, with its load (tasks in progress): GET /ops/geeks. */
const staffGeekViewSchema = opsGeekProfileSchema.extend({ load: z.number() });
export type StaffGeekView = z.output<typeof staffGeekViewSchema>;

/** A staff account as an admin sees it (GET /ops/staff). */
const staffAccountViewSchema = z.object({
  _id: z.string(),
  email: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  disabled: z.boolean(),
});
export type StaffAccountView = z.output<typeof staffAccountViewSchema>;

/** One row of the audit log: a staff action or an autopilot step. */
const auditRowSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  order_id: z.string().nullable(),
  subject_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.unknown()),
});
/** A page of GET /ops/audit; `next` asks for the following one, null on the last. */
const auditPageSchema = z.object({ next: z.string().nullable(), results: z.array(auditRowSchema) });

const balanceCreditSchema = z.object({
  amount: topUpAmountSchema.describe('US dollars'),
  memo: z.string().trim().min(1).max(500),
  idempotency_key: z.string().min(8).max(100),
});
const balanceCreditResultSchema = z.object({ credited: z.boolean(), available_balance: z.number() });

export const opsContract = {
  logIn: endpoint({
    method: 'POST',
    path: '/ops/session',
    summary: 'Staff log-in; answers a bearer token',
    body: staffLogInSchema,
    responses: { 200: staffTokenSchema },
    errors: [401, 422, 429],
  }),
  me: endpoint({
    method: 'GET',
    path: '/ops/me',
    summary: 'The signed-in staff account and its role',
    responses: { 200: staffMeSchema },
    errors: [401, 403],
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/ops/logout',
    summary:
      "Staff log-out: revokes the staff account's tokens on the server (401 from then on) and ends its " +
      'event streams',
    responses: { 204: noContentSchema },
    errors: [401, 403],
  }),
  geeks: endpoint({
    method: 'GET',
    path: '/ops/geeks',
    summary: 'Every Geek with subjects and load (tasks in progress)',
    responses: { 200: z.array(staffGeekViewSchema) },
    errors: [401, 403],
  }),
  addGeek: endpoint({
    method: 'POST',
    path: '/ops/geeks',
    summary: 'Add a Geek profile',
    body: newGeekSchema,
    responses: { 201: opsGeekProfileSchema },
    errors: [401, 403, 422],
  }),
  editGeek: endpoint({
    method: 'PATCH',
    path: '/ops/geeks/:id',
    summary: "Edit a Geek's profile, or disable them (a disabled Geek cannot be assigned)",
    params: idParams,
    body: geekPatchSchema,
    responses: { 200: opsGeekProfileSchema },
    errors: [401, 403, 404, 422],
  }),
  rejectedMail: endpoint({
    method: 'GET',
    path: '/ops/mail/rejected',
    summary: 'Mail the SMTP server refused for good (5xx), newest first: not retried (decision 059)',
    responses: { 200: rejectedMailListSchema },
    errors: [401, 403],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/ops/audit',
    summary:
      'Staff actions and autopilot steps, newest first, 50 a page; of one task with order_id; the next page with before=next. A support account sees, of the whole log, its own rows and those of the tasks it worked on, and other staff by role',
    query: z.object({ order_id: z.uuid().optional(), before: z.uuid().optional() }),
    responses: { 200: auditPageSchema },
    errors: [401, 403, 422],
  }),
  staff: endpoint({
    method: 'GET',
    path: '/ops/staff',
    summary: 'Staff accounts (admins only)',
    responses: { 200: z.object({ results: z.array(staffAccountViewSchema) }) },
    errors: [401, 403],
  }),
  addStaff: endpoint({
    method: 'POST',
    path: '/ops/staff',
    summary: 'Create a staff account (admins only)',
    body: staffAccountSchema,
    responses: { 201: staffAccountViewSchema },
    errors: [401, 403, 409, 422],
  }),
  changeStaff: endpoint({
    method: 'PATCH',
    path: '/ops/staff/:id',
    summary:
      "Change a staff account's role, or disable or enable it (admins only, never their own account); a new " +
      'role or a disabled account ends its sessions and event streams',
    params: idParams,
    body: staffPatchSchema,
    responses: { 200: staffAccountViewSchema },
    errors: [401, 403, 404, 422],
  }),
  endStaffSessions: endpoint({
    method: 'DELETE',
    path: '/ops/staff/:id/sessions',
    summary: "End a staff account's sessions and event streams (admins only)",
    params: idParams,
    responses: { 204: noContentSchema },
    errors: [401, 403, 404],
  }),
  creditBalance: endpoint({
    method: 'POST',
    path: '/ops/users/:id/balance-credits',
    summary: "Credit a client's balance (goodwill); idempotent by idempotency_key",
    params: idParams,
    body: balanceCreditSchema,
    responses: { 200: balanceCreditResultSchema },
    errors: [401, 403, 404, 422],
  }),
};
