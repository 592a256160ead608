import {
  isDeleted,
  isLookingForGeek,
  isRefunded,
  isUnderReview,
  type OrderStatusInput,
  paymentState,
} from './order-status.ts';

/** docs/product/files.md "Order file": every file type a task can hold. */
export const ORDER_FILE_TYPES = [
  'order_form',
  'client_revision_request_file',
  'file_final_draft',
  'file_final_draft_comment',
  'file_final_draft_proofread',
  'file_draft_paper',
  'plagreport_file_final_draft',
  'allocates',
] as const;
export type OrderFileType = (typeof ORDER_FILE_TYPES)[number];

/** The files a Geek delivers ('Files from Geek'). */
export const GEEK_FILE_TYPES = [
  'file_final_draft',
  'file_final_draft_comment',
  'file_final_draft_proofread',
  'file_draft_paper',
  'plagreport_file_final_draft',
] as const satisfies readonly OrderFileType[];
export type GeekFileType = (typeof GEEK_FILE_TYPES)[number];

/** The files the client attaches: to the task, or to a revision request. */
export const CLIENT_FILE_TYPES = [
  'order_form',
  'client_revision_request_file',
] as const satisfies readonly OrderFileType[];
type ClientFileType = (typeof CLIENT_FILE_TYPES)[number];

export type OrderFileInput = {
  type: OrderFileType;
  deleted: boolean;
  plag_status: string | null;
  plag_level: number | null;
  override_pgch: boolean;
  /** Decision 048: a Geek's own upload waiting with their delivery for staff's quality check. */
  held_for_check?: boolean;
};

/** docs/product/files.md: the text on a Geek file that is locked until full payment. */
export const LOCKED_FILE_TEXT = 'You can unlock file after full payment';

// docs/product/files.md: the plagiarism report shows only "if plag level is under 10".
const PLAG_REPORT_LEVEL_LIMIT = 10;

export const isGeekFileType = (type: OrderFileType): type is GeekFileType =>
  (GEEK_FILE_TYPES as readonly OrderFileType[]).includes(type);

/** The client file type an upload context records (docs/product/http-api.md: `msgs` uploads belong to messages, not the task). */
export function clientFileTypeFor(context: 'order' | 'revision'): ClientFileType {
  return context === 'revision' ? 'client_revision_request_file' : 'order_form';
}

/** docs/product/files.md, file by file: the plagiarism rules that hide a Geek file whatever the task's state. */
export function isVisibleGeekFile(f: OrderFileInput): boolean {
  if (f.deleted || !isGeekFileType(f.type)) return false;
  if (f.override_pgch) return true;
  if (f.type === 'file_final_draft') return f.plag_status !== 'found';
  // An unknown plag level is not "under 10", so the report stays hidden until it is measured.
  if (f.type === 'plagreport_file_final_draft')
    return f.plag_level !== null && f.plag_level < PLAG_REPORT_LEVEL_LIMIT;
  return true;
}

/**
 * docs/product/files.md: the Geek files the client sees, in their given order. Generic so callers keep the other fields
 * of each file (name, location, …).
 */
export function visibleGeekFiles<F extends OrderFileInput>(
  order: OrderStatusInput,
  files: readonly F[],
): F[] {
  if (!isUnderReview(order)) return [];
  return files.filter((f) => isVisibleGeekFile(f) && !f.held_for_check);
}

/**
 * docs/product/files.md: "'Files from Geek' shows when the task is not looking for a Geek and not refunded, or a writer
 * is set". An empty writer id counts as no writer, as in isLookingForGeek.
 */
export function showsFilesFromGeek(order: OrderStatusInput): boolean {
  return (!isLookingForGeek(order) && !isRefunded(order)) || Boolean(order.geekId);
}

/**
 * The `deliver` transition needs a final draft the client will see: one not removed and not hidden by the
 * plagiarism rule (decision 015).
 */
export function countDeliverableFinalDrafts(files: readonly OrderFileInput[]): number {
  return files.filter((f) => f.type === 'file_final_draft' && isVisibleGeekFile(f)).length;
}

/** docs/product/files.md: Geek files are downloadable only after full payment. */
export function canDownloadGeekFiles(order: OrderStatusInput): boolean {
  return paymentState(order) === 'fully_paid';
}

/** A file shows as `locked` (docs/product/files.md 'You can unlock file after full payment'): a Geek file before full payment. */
export function isFileLocked(order: OrderStatusInput, type: OrderFileType): boolean {
  return isGeekFileType(type) && !canDownloadGeekFiles(order);
}

/**
 * The files the client sees (docs/product/http-api.md GET /orders/{id}/files): their own, not removed, and the Geek files the
 * rules of docs/product/files.md let through.
 */
export function filesForClient<F extends OrderFileInput>(order: OrderStatusInput, files: readonly F[]): F[] {
  const geek = new Set(visibleGeekFiles(order, files));
  return files.filter((f) => geek.has(f) || (!f.deleted && isClientFileType(f.type)));
}

const isClientFileType = (type: OrderFileType) =>
  (CLIENT_FILE_TYPES as readonly OrderFileType[]).includes(type);

/** docs/product/files.md: "the client may not remove files once the task is paid" (partially paid counts as paid). */
export function canRemoveClientFiles(order: OrderStatusInput): boolean {
  return paymentState(order) === 'unpaid' && !isDeleted(order);
}
