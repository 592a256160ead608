import { z } from 'zod';

// docs/product/public-site.md: the Geek application, the teacher beta sign-up and the institution application.
// geekNameRequired, geekExpertiseRequired and geekSubjectRequired are ours: the spec gives no text for them.
export const APPLICATION_MESSAGES = {
  geekNameRequired: 'Please, enter your name',
  geekEmailFormat: 'Please enter a valid email address',
  geekPasswordTooShort: 'Your password should be at least 6 symbols long',
  geekExpertiseRequired: 'Please, tell us about your expertise',
  geekSubjectRequired: 'Please, tell us your subject',
  nameRequired: 'Oops, name is required',
  schoolRequired: 'Oops, school is required',
  emailFormat: 'Oops, check your email format',
  allFieldsRequired: 'Please, fill in all fields',
  commentRequired: 'Oops, comment is required',
} as const;

/** docs/product/public-site.md. */
export const GEEK_PASSWORD_MIN = 6;
export const TEACHER_FIELD_MAX = 100;
export const INSTITUTION_COMMENT_MAX = 10_000;

/** Trimmed, lower-cased and format-checked, as in users/user-schemas.ts, with the form's own wording. */
function emailWith(message: string, max: number) {
  return z.string().trim().toLowerCase().max(max, message).regex(z.regexes.email, message);
}

const isEmailValid = (s: string) => z.regexes.email.test(s);

export const geekApplicationStep1Schema = z.object({
  name: z.string().trim().min(1, APPLICATION_MESSAGES.geekNameRequired).max(100),
  email: emailWith(APPLICATION_MESSAGES.geekEmailFormat, 254),
  // Not trimmed: the spec asks only for 6 characters, and spaces are characters of a password.
  password: z.string().min(GEEK_PASSWORD_MIN, APPLICATION_MESSAGES.geekPasswordTooShort).max(128),
});

export const geekApplicationStep2Schema = z.object({
  expertise: z.string().trim().min(1, APPLICATION_MESSAGES.geekExpertiseRequired).max(5000),
  // docs/product/public-site.md: free text about the applicant, not a course from the list.
  subject: z.string().trim().min(1, APPLICATION_MESSAGES.geekSubjectRequired).max(200),
});

export const geekApplicationSchema = geekApplicationStep1Schema.extend(geekApplicationStep2Schema.shape);

type FormValues = Readonly<Record<string, string | undefined>>;

const allBlank = (values: FormValues, keys: readonly string[]) =>
  keys.every((k) => (values[k] ?? '').trim() === '');

const TEACHER_KEYS = ['name', 'school', 'email'] as const;
const INSTITUTION_KEYS = ['school', 'name', 'email', 'comment'] as const;

/** docs/product/public-site.md: 'Please, fill in all fields' when name, school and email are all empty (blank counts). */
export function teacherFormError(values: {
  name?: string | undefined;
  school?: string | undefined;
  email?: string | undefined;
}): string | null {
  return allBlank(values, TEACHER_KEYS) ? APPLICATION_MESSAGES.allFieldsRequired : null;
}

/** The institution form is the teacher form plus a comment (docs/product/public-site.md), so the same all-empty rule holds. */
export function institutionFormError(values: {
  school?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  comment?: string | undefined;
}): string | null {
  return allBlank(values, INSTITUTION_KEYS) ? APPLICATION_MESSAGES.allFieldsRequired : null;
}

const requiredMessages = {
  name: APPLICATION_MESSAGES.nameRequired,
  school: APPLICATION_MESSAGES.schoolRequired,
  comment: APPLICATION_MESSAGES.commentRequired,
} as const;

/**
 * The required and e-mail checks live in one superRefine so that an all-empty form reports only the form-level
 * message, on the root path [] (z.flattenError puts it in formErrors), instead of one message per field.
 */
function checkRequired(values: FormValues, keys: readonly string[], ctx: z.RefinementCtx) {
  if (allBlank(values, keys)) {
    ctx.addIssue({ code: 'custom', path: [], message: APPLICATION_MESSAGES.allFieldsRequired });
    return;
  }
  for (const key of keys) {
    const value = values[key] ?? '';
    if (key === 'email') {
      // Over-long e-mails already have their issue from max().
      if (value.length <= TEACHER_FIELD_MAX && !isEmailValid(value)) {
        ctx.addIssue({ code: 'custom', path: [key], message: APPLICATION_MESSAGES.emailFormat });
      }
    } else if (value === '') {
      const message = requiredMessages[key as keyof typeof requiredMessages];
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  }
}

// A missing field counts as empty, so it gets the same message as a cleared one.
const teacherField = z.string().trim().max(TEACHER_FIELD_MAX).default('');
const teacherEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(TEACHER_FIELD_MAX, APPLICATION_MESSAGES.emailFormat)
  .default('');

const teacherShape = { name: teacherField, school: teacherField, email: teacherEmail };
const institutionShape = {
  school: teacherField,
  name: teacherField,
  email: teacherEmail,
  comment: z.string().trim().max(INSTITUTION_COMMENT_MAX).default(''),
};

/** docs/product/public-site.md: name, school and email required and valid, each at most 100 characters. */
export const teacherSignUpSchema = z
  .object(teacherShape)
  .superRefine((v, ctx) => checkRequired(v, TEACHER_KEYS, ctx));

/** docs/product/public-site.md: the teacher fields plus a required comment of at most 10000 characters. */
export const institutionApplicationSchema = z
  .object(institutionShape)
  .superRefine((v, ctx) => checkRequired(v, INSTITUTION_KEYS, ctx));

/**
 * POST /applications (decision 011): the three forms in one body told apart by `kind`. Refined object schemas
 * cannot be extended, so the teacher and institution members repeat their refinement over the same shapes.
 */
export const applicationSchema = z.discriminatedUnion('kind', [
  geekApplicationSchema.extend({ kind: z.literal('geek') }),
  z
    .object({ kind: z.literal('teacher'), ...teacherShape })
    .superRefine((v, ctx) => checkRequired(v, TEACHER_KEYS, ctx)),
  z
    .object({ kind: z.literal('institution'), ...institutionShape })
    .superRefine((v, ctx) => checkRequired(v, INSTITUTION_KEYS, ctx)),
]);

export type ApplicationInput = z.input<typeof applicationSchema>;
export type Application = z.output<typeof applicationSchema>;
