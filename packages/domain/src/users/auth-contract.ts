import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { googleStartLinkSchema, googleStartSchema } from './google-sign-in.ts';

// Decision 040: the ways to sign in besides e-mail and password, and Sign in with Google's round trip. The start
// and the callback answer redirects, followed by the browser (a link, a form), never read as JSON.

/** Which ways to sign in besides e-mail and password the server has turned on. */
const signInProvidersSchema = z.object({ google: z.boolean() });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** A redirect: the Location header is the answer. */
const redirectSchema = z.null();

// The provider's answer: Google adds scope, authuser, prompt, hd, iss… besides code and state (or error).
const googleCallbackQuery = z.looseObject({ state: z.string().max(1000).optional() });

export const authContract = {
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    summary: 'Which ways to sign in besides e-mail and password are on (the dialogs show their buttons)',
    responses: { 200: signInProvidersSchema },
  }),
  googleStartLink: endpoint({
    method: 'GET',
    path: '/auth/google/start',
    summary:
      'Sign in with Google from a link: redirects to Google, carrying the page to return to (a pending task is ignored: it comes only by POST)',
    query: googleStartLinkSchema,
    responses: { 302: redirectSchema },
    errors: [404, 422],
  }),
  googleStartForm: endpoint({
    method: 'POST',
    path: '/auth/google/start',
    summary:
      'Sign in with Google from the dialog (a form of this site): redirects to Google, carrying the pending task, the page to return to and the sign-up extras',
    body: googleStartSchema,
    responses: { 303: redirectSchema },
    errors: [403, 404, 422],
  }),
  googleCallback: endpoint({
    method: 'GET',
    path: '/auth/google/callback',
    summary:
      'Where Google sends the browser back: logs in or signs up, then redirects into the app; an answer whose state does not match this browser’s sign-in (expired, or started elsewhere) leads to /login?google_error=expired with no session',
    query: googleCallbackQuery,
    responses: { 302: redirectSchema },
    errors: [400, 404],
  }),
};
