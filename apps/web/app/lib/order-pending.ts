// Decision 011: a task started while logged out waits here until sign-up or log-in creates it.
export const ORDER_PENDING_KEY = 'geekly.orderPending';

export type PendingOrder = { toid: string; title: string; subject: string; from: string };

export function savePendingOrder(order: PendingOrder) {
  try {
    localStorage.setItem(ORDER_PENDING_KEY, JSON.stringify(order));
  } catch {
    // Storage may be unavailable (private mode, quota): the sign-up still opens.
  }
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const raw = localStorage.getItem(ORDER_PENDING_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingOrder>) : null;
    return value && typeof value.title === 'string' && typeof value.subject === 'string'
      ? (value as PendingOrder)
      : null;
  } catch {
    return null;
  }
}

export const hasPendingOrder = () => readPendingOrder() !== null;
