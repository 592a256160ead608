import { AsyncLocalStorage } from 'node:async_hooks';

// Decision 032: the id of the request (or background pass) on whose behalf code runs, so the audit rows and the
// mail outbox rows it writes carry the id its log lines carry, without threading it through every use case.
const store = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) on behalf of `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

/** The id of the request this code runs for; null outside one. */
export function currentRequestId(): string | null {
  return store.getStore()?.requestId ?? null;
}
