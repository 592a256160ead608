import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GeekApplication = {
  kind: 'geek';
  name: string;
  email: string;
  password: string;
  expertise: string;
  subject: string;
};
export type TeacherSignUp = { kind: 'teacher'; name: string; school: string; email: string };
export type InstitutionApplication = {
  kind: 'institution';
  school: string;
  name: string;
  email: string;
  comment: string;
};
export type Application = GeekApplication | TeacherSignUp | InstitutionApplication;

/** Decision 011: applications are stored; no log-in is needed. 201 `{ _id }`, 422 with field messages. */
export const submitApplication = (application: Application) =>
  api<{ _id: string }>('/applications', { body: application });

export const useSubmitApplication = () => useMutation({ mutationFn: submitApplication });
