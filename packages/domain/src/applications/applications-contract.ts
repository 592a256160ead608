import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { applicationSchema } from './application-schemas.ts';

// The public applications (decision 011, decision 065 for the contract): a Geek application, the teacher beta
// sign-up and an institution's application, stored without a log-in. Staff read them at /ops/applications
// (workspace/geek-applications-contract.ts).

export const applicationsContract = {
  submit: endpoint({
    method: 'POST',
    path: '/applications',
    summary: 'Apply as a Geek, sign up for the teacher beta, or apply as an institution',
    body: applicationSchema,
    responses: { 201: z.object({ _id: z.string() }) },
    errors: [422, 429],
  }),
};
