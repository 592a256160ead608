import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import {
  approveApplicationSchema,
  inviteGeekResponseSchema,
  inviteGeekSchema,
  opsApplicationSchema,
  opsApplicationsQuerySchema,
  opsApplicationsResponseSchema,
  opsGeekProfileSchema,
  rejectApplicationSchema,
} from './workspace-contract.ts';

// The back office's side of the Geek applications (issue 31, decision 065): staff read the applications from
// /join-our-team, approve one into a Geek profile with its log-in or reject it, and invite a profile to the
// workspace. Staff only (the staff bearer token).

const params = z.object({ id: z.string().max(100) });

export type OpsApplication = z.output<typeof opsApplicationSchema>;

export const geekApplicationsContract = {
  list: endpoint({
    method: 'GET',
    path: '/ops/applications',
    summary: 'Applications of a kind (geek by default), newest first; never the password',
    query: opsApplicationsQuerySchema,
    responses: { 200: opsApplicationsResponseSchema },
    errors: [401, 403, 422],
  }),
  approve: endpoint({
    method: 'POST',
    path: '/ops/applications/:id/approve',
    summary:
      'Approve a Geek application: a Geek profile ("First L.") with a log-in of the applicant’s e-mail and password',
    params,
    body: approveApplicationSchema,
    responses: { 201: opsGeekProfileSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/ops/applications/:id/reject',
    summary: 'Reject a Geek application with a reason (mailed to the applicant)',
    params,
    body: rejectApplicationSchema,
    responses: { 200: opsApplicationSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  invite: endpoint({
    method: 'POST',
    path: '/ops/geeks/:id/invite',
    summary: 'Invite a Geek profile to the workspace: a one-time link (72 hours) to set a password, mailed',
    params,
    body: inviteGeekSchema,
    responses: { 201: inviteGeekResponseSchema },
    errors: [401, 403, 404, 409, 422],
  }),
};
