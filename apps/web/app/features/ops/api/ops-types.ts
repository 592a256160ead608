import type { opsGeekProfileSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import type { z } from 'zod';

export type StaffMe = { _id: string; email: string; staff_role: 'admin' | 'support' };

export type QueueItem = {
  _id: string;
  number: number;
  title: string;
  subject: string;
  client_email: string;
  system_client_status: string;
  client_status: string | null;
  deadline: string;
  price: number | null;
  paid: number;
  geek_name: string | null;
  unread_messages: number;
  group: string | null;
};

export type OpsOrder = {
  _id: string;
  number: number;
  title: string;
  subject: string;
  details: string;
  level: string;
  size: string;
  request_type: string | null;
  deadline: string;
  price: number | null;
  client_paid: number;
  system_client_status: string;
  client_status: string | null;
  status: { key: string; label: string };
  user_id: string;
  client_email: string;
  geek_name: string | null;
  writer_id: string | null;
  tags: string[];
  revision_comment: string | null;
  revision_deadline: string | null;
  client_revision_at: string | null;
  refund_comment: string | null;
  refund_to: 'balance' | 'card' | null;
  operator_transitions: string[];
} & Record<string, unknown>;

/** GET /ops/geeks: a Geek profile as staff see it (the workspace contract) with its current load. */
export type Geek = z.output<typeof opsGeekProfileSchema> & { load: number };

export type Money = {
  refundable: number;
  payments: {
    _id: string;
    purpose: string;
    amount: number;
    balance_use: number;
    gateway: string;
    status: string;
    outcome: string | null;
    created_at: string;
  }[];
  card_refunds: { _id: string; amount: number; status: string; created_at: string }[];
  ledger: {
    _id: string;
    kind: string;
    memo: string | null;
    order_amount: number;
    entries: { account_type: string; amount: number }[];
    created_at: string;
  }[];
};

export type Note = { _id: string; body: string; author: string; created_at: string };
export type TimelineItem = { at: string; kind: string; who: string; text: string };
export type AuditRow = {
  _id: string;
  at: string;
  actor: string;
  action: string;
  order_id: string | null;
  subject_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
};
/** A page of GET /ops/audit; `next` asks for the following one, null on the last. */
export type AuditPage = { results: AuditRow[]; next: string | null };

export type TaskFile = {
  _id: string;
  name: string;
  size: number;
  type: string;
  created_at: string;
  deleted: boolean;
  plag_status: string | null;
  plag_level: number | null;
  geek_file: boolean;
};
