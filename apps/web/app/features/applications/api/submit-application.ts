import type { ApplicationInput } from '@geekly/domain/applications/application-schemas.ts';
import { applicationsContract } from '@geekly/domain/applications/applications-contract.ts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';

/** Decision 011: applications are stored; no log-in is needed. 201 `{ _id }`, 422 with field messages. */
export const submitApplication = (application: ApplicationInput) =>
  apiCall(applicationsContract.submit, { body: application });

export const useSubmitApplication = () => useMutation({ mutationFn: submitApplication });
