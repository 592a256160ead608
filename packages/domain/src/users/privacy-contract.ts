import { z } from 'zod';
import { endpoint, noContentSchema } from '../http/endpoint.ts';
import {
  eraseAccountSchema,
  eraseConfirmSchema,
  erasurePreviewSchema,
  opsEraseSchema,
} from './personal-data.ts';

// Decision 058: download my data, delete my account; and the same for staff on a request. The exports are zips,
// streamed: the browser downloads them, nothing reads them as JSON.

const zipAnswer = z.any().describe('application/zip: account.json and the files');

/** A client's account named in the back office. */
const accountParams = z.object({ id: z.string().max(100) });

export const privacyContract = {
  exportMine: endpoint({
    method: 'GET',
    path: '/users/client/me/export',
    summary: 'Download my data: a zip with account.json and my files, streamed; a few a day',
    responses: { 200: zipAnswer },
    errors: [401, 429],
  }),
  erasurePreview: endpoint({
    method: 'GET',
    path: '/users/client/me/erasure',
    summary: 'What deleting my account does to money in flight (shown before confirming)',
    responses: { 200: erasurePreviewSchema },
    errors: [401],
  }),
  eraseMine: endpoint({
    method: 'DELETE',
    path: '/users/client/me',
    summary:
      'Delete my account: 204 with the password; a Google-only account gets a confirmation link by mail (202)',
    body: eraseAccountSchema,
    responses: { 204: noContentSchema, 202: z.object({ detail: z.string() }) },
    errors: [400, 401, 409, 422],
  }),
  confirmErasure: endpoint({
    method: 'POST',
    path: '/users/client/me/erasure/confirm',
    summary: 'Delete the account the mailed link names (no session needed)',
    body: eraseConfirmSchema,
    responses: { 204: noContentSchema },
    errors: [404, 409, 422],
  }),
  exportForStaff: endpoint({
    method: 'GET',
    path: '/ops/users/:id/export',
    summary: "A client's data export, for their request (audited)",
    params: accountParams,
    responses: { 200: zipAnswer },
    errors: [401, 403, 404],
  }),
  eraseForStaff: endpoint({
    method: 'POST',
    path: '/ops/users/:id/erase',
    summary: "Erase a client's personal data on request (admins only; the reason is audited)",
    params: accountParams,
    body: opsEraseSchema,
    responses: { 204: noContentSchema },
    errors: [401, 403, 404, 409, 422],
  }),
};
