const HOUR_MS = 3_600_000;

/** Seed 000 §9: default deadline 72 hours ahead (259200000 ms), rounded up to the next full hour. */
export const DEFAULT_DEADLINE_MS = 259_200_000;

export function roundUpToHour(date: Date): Date {
  return new Date(Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS);
}

export function defaultDeadline(now: Date): Date {
  return roundUpToHour(new Date(now.getTime() + DEFAULT_DEADLINE_MS));
}
