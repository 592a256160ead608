import { z } from 'zod';
import { isLocalPath } from './redirect-path.ts';

// Decision 040: Sign in with Google. The dialog's link to GET /auth/google/start carries what a password sign-up
// sends and what the auth flow does next (docs/product/account.md): the pending task, the stored link to return to, the
// landing and referral code. Each is short enough that the sealed state cookie stays under 4 KB.
const optional = (max: number) => z.string().trim().max(max).optional();

export const googleStartSchema = z.object({
  mode: z.enum(['login', 'signup']).default('login'),
  // docs/product/account.md: a task started while logged out (decision 011).
  toid: optional(100),
  title: optional(200),
  subject: optional(100),
  to: z
    .string()
    .max(500)
    .refine((v) => isLocalPath(v), 'must be a path on this site')
    .optional(),
  profile_landing: optional(500),
  profile_landing_query: optional(500),
  referred_by: optional(100),
  timezone_str: optional(100),
});

export type GoogleStart = z.output<typeof googleStartSchema>;

/**
 * Decision 052: a link (GET) starts a sign-in but carries no pending task — a crafted link would create a task in
 * the visitor's account. The task comes only in the form the dialog submits (POST, same origin).
 */
export const googleStartLinkSchema = googleStartSchema.omit({ toid: true, title: true, subject: true });

/**
 * Why a Google sign-in came back without a session: the dialog it returns to (`?google_error=`) says so.
 * `blocked` says nothing (docs/product/account.md: the UK block stops silently).
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  unverified:
    'Google has not verified the e-mail address of this Google account, so it cannot sign you in here. Verify it with Google, or sign up with your e-mail and a password.',
  cancelled: 'Signing in with Google was cancelled.',
  linked_elsewhere:
    'This e-mail belongs to an account linked to another Google account. Log in with your e-mail and password.',
  failed: 'Signing in with Google did not work. Please try again.',
  expired: 'This sign-in with Google has expired or was not started in this browser. Please try again.',
  // Decision 052: Google sign-ups count against the per-address sign-up limit.
  too_many: 'Too many accounts were made from your network in the last hour. Please try again later.',
  blocked: null,
} as const;

export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

export const isGoogleSignInError = (v: unknown): v is GoogleSignInError =>
  typeof v === 'string' && Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, v);
