import { z } from 'zod';

// The Geek calls of docs/product/http-api.md "Geeks" (docs/product/geeks.md Geek, docs/product/geeks.md My Geeks).

/** POST /geek/{id}: the client's own marks on a Geek. */
const GEEK_ACTIONS = ['fave', 'unfave', 'block', 'unblock'] as const;
export const geekActionSchema = z.object({ action: z.enum(GEEK_ACTIONS) });
export type GeekAction = (typeof GEEK_ACTIONS)[number];

/**
 * A Geek's public profile. The figures are honest (decision 018): the average of the real marks of the Geek's
 * tasks (null before the first mark), the real count of delivered tasks, and the real join date. The spec's
 * display floors (rating at least 4.3, 30 to 40 tasks, 3 to 4 months) are not applied anywhere.
 */
export const geekResponseSchema = z.object({
  _id: z.string(),
  public_full_name: z.string(),
  major: z.string(),
  public_subjects: z.array(z.string()),
  has_avatar: z.boolean(),
  created_at: z.string(),
  online: z.boolean(),
  profile_client_last_avg: z.number().nullable().describe('Average of the real marks (1–5), null when none'),
  profile_completed_orders_count: z.number().int().describe('Tasks this Geek delivered'),
  writer_faved: z.boolean(),
  writer_blocked: z.boolean(),
});
export type GeekView = z.output<typeof geekResponseSchema>;

/** POST /ops/geeks (docs/product/http-api.md "Operator API"). */
/** The back office's words for a Geek's empty name or major (shown under the field). */
export const GEEK_MESSAGES = {
  nameRequired: 'Enter the public name',
  majorRequired: 'Enter the major',
} as const;

export const createGeekSchema = z.object({
  public_full_name: z.string().trim().min(1, GEEK_MESSAGES.nameRequired).max(100),
  major: z.string().trim().min(1, GEEK_MESSAGES.majorRequired).max(100),
  public_subjects: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
});

/** docs/product/geeks.md "My Geeks": how long a Geek has been on the platform, from the real join date (no floor). */
export function timeOnPlatform(joined: Date, now: Date): string {
  const months =
    (now.getUTCFullYear() - joined.getUTCFullYear()) * 12 +
    (now.getUTCMonth() - joined.getUTCMonth()) -
    (now.getUTCDate() < joined.getUTCDate() ? 1 : 0);
  if (months >= 12) {
    const years = Math.floor(months / 12);
    return `${years} ${years === 1 ? 'year' : 'years'}`;
  }
  if (months >= 1) return `${months} ${months === 1 ? 'month' : 'months'}`;
  const days = Math.max(0, Math.floor((now.getTime() - joined.getTime()) / 86_400_000));
  if (days >= 7) {
    const weeks = Math.floor(days / 7);
    return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
  }
  if (days === 0) return 'New on Geekly';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
