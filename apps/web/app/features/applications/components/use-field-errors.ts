import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

export type FormErrors = { form: string | null; fields: Record<string, string | undefined> };

/** The first message per field, and the form-level message (the all-empty rule), of a failed parse. */
export function errorsOf(error: z.ZodError): FormErrors {
  const fields: Record<string, string | undefined> = {};
  let form: string | null = null;
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (key === undefined) form ??= issue.message;
    else fields[String(key)] ??= issue.message;
  }
  return { form, fields };
}

/** What the server refused: its field messages (the same domain texts), or one form-level text. */
export function errorsOfResponse(err: unknown): FormErrors {
  if (err instanceof ApiError) {
    const fields = err.fieldErrors;
    if (Object.keys(fields).length > 0) return { form: null, fields };
    return { form: err.text, fields: {} };
  }
  return { form: 'Unknown error', fields: {} };
}
