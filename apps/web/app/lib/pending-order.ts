import { readJson, removeKey, writeJson } from './local-store.ts';

// Decision 011: a task started while logged out, created after sign-up or log-in. The one owner of the key:
// a stored task needs its toid and subject; a missing title becomes the spec's default when it is created.
const KEY = 'geekly.orderPending';

type PendingOrder = { toid: string; title: string; subject: string; from?: string };

function savePendingOrder(order: PendingOrder) {
  writeJson(KEY, order);
}

export function readPendingOrder(): PendingOrder | null {
  const value = readJson<Partial<PendingOrder>>(KEY);
  if (!value || typeof value !== 'object') return null;
  const { toid, title, subject, from } = value;
  if (typeof toid !== 'string' || typeof subject !== 'string') return null;
  return { toid, title: typeof title === 'string' ? title : '', subject, from };
}

export function clearPendingOrder() {
  removeKey(KEY);
}

export const hasPendingOrder = () => readPendingOrder() !== null;

const newTaskId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** docs/product/account.md: a task started while logged out, kept under a new toid; `from` is the page it started on. */
export function keepPendingOrder(task: { title: string; subject: string }, from: string) {
  savePendingOrder({ toid: newTaskId(), title: task.title, subject: task.subject, from });
}
