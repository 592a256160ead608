import { z } from 'zod';
import { endpoint, noContentSchema } from '../http/endpoint.ts';
import { phoneCodeCheckSchema } from './phone-verification.ts';
import { studentProfileSchema } from './student-profile.ts';
import {
  logInSchema,
  passwordChangeSchema,
  profilePatchSchema,
  restoreSchema,
  signUpSchema,
} from './user-schemas.ts';

// The student's account (docs/product/account.md, docs/product/http-api.md): signing up, logging in and out, the
// profile and its settings.

/** A new session: the token (also set as the cookie) and the student. */
const sessionSchema = z.object({ jwt: z.string(), user: studentProfileSchema });

const logInAnswerSchema = sessionSchema.extend({
  redirect_path: z.string().optional().describe('Where a one-time log-in link leads (factor token)'),
});
export type LogInAnswer = z.infer<typeof logInAnswerSchema>;

/** The token of a link mailed to the student. */
const mailedTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

const notificationEmailSchema = z.object({ notification_email: z.string() });

export const usersContract = {
  signUp: endpoint({
    method: 'POST',
    path: '/users/client/new',
    summary: 'Sign up as a client',
    body: signUpSchema,
    responses: { 201: sessionSchema },
    errors: [403, 409, 422, 429],
  }),
  logIn: endpoint({
    method: 'POST',
    path: '/factor_auth',
    summary: 'Log in by a factor (e-mail and password, secret key, one-time e-mailed token)',
    body: logInSchema,
    responses: { 200: logInAnswerSchema },
    errors: [400, 403, 404, 422, 429],
  }),
  restorePassword: endpoint({
    method: 'POST',
    path: '/users/client/restore',
    summary: 'Mail a new password',
    body: restoreSchema,
    responses: { 200: z.object({ detail: z.string() }) },
    errors: [404, 422, 429],
  }),
  me: endpoint({
    method: 'GET',
    path: '/users/client/me',
    summary: 'The signed-in client',
    responses: { 200: studentProfileSchema },
    errors: [401],
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/users/client/me',
    summary: 'Change phone, country, notification e-mail',
    body: profilePatchSchema,
    responses: { 200: studentProfileSchema },
    errors: [401, 409, 422],
  }),
  confirmNotificationEmail: endpoint({
    method: 'POST',
    path: '/users/client/notification-email/confirm',
    summary: 'Confirm a new notification e-mail by the token mailed to it (no session needed)',
    body: mailedTokenSchema,
    responses: { 200: notificationEmailSchema },
    errors: [404, 422],
  }),
  undoNotificationEmail: endpoint({
    method: 'POST',
    path: '/users/client/notification-email/undo',
    summary:
      'Undo a notification e-mail change by the token mailed to the account e-mail: mail goes to the account e-mail again and every session ends (no session needed)',
    body: mailedTokenSchema,
    responses: { 200: notificationEmailSchema },
    errors: [404, 422],
  }),
  sendPhoneCode: endpoint({
    method: 'POST',
    path: '/users/client/me/phone-verification',
    summary: 'Send an SMS code to confirm the phone (decision 018)',
    responses: { 200: z.object({ sent: z.boolean(), phone_verified: z.boolean() }) },
    errors: [401, 422, 429],
  }),
  checkPhoneCode: endpoint({
    method: 'POST',
    path: '/users/client/me/phone-verification/check',
    summary: 'Check the SMS code; at most 5 tries per code',
    body: phoneCodeCheckSchema,
    responses: { 200: z.object({ phone_verified: z.boolean() }) },
    errors: [401, 422],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/users/client/me/password',
    summary:
      'Change the password: a fresh token for this browser, every other session and stream ends (an account without a password confirms by a mailed link)',
    body: passwordChangeSchema,
    responses: {
      200: z.object({ jwt: z.string() }),
      202: z.object({ detail: z.string(), confirmation_sent: z.literal(true) }),
    },
    errors: [401, 422, 429],
  }),
  confirmPasswordSet: endpoint({
    method: 'POST',
    path: '/users/client/me/password/confirm',
    summary: 'Take into use the password chosen by an account without one, by the token mailed to it',
    body: mailedTokenSchema,
    responses: {
      200: z.object({
        jwt: z.string().nullable().describe('when this browser is signed in to the account'),
      }),
    },
    errors: [404, 422],
  }),
  logOut: endpoint({
    method: 'POST',
    path: '/logout',
    summary: 'Log out and revoke the token',
    responses: { 204: noContentSchema },
    errors: [401],
  }),
};
