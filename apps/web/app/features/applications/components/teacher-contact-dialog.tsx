import {
  INSTITUTION_COMMENT_MAX,
  institutionApplicationSchema,
  TEACHER_FIELD_MAX,
  teacherSignUpSchema,
} from '@geekly/domain/applications/application-schemas.ts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSubmitApplication } from '../api/submit-application.ts';
import s from './application-forms.module.css';
import { TextAreaField } from './text-area-field.tsx';
import { errorsOf, errorsOfResponse, type FormErrors } from './use-field-errors.ts';

type Kind = 'teacher' | 'institution';
type Values = { name: string; school: string; email: string; comment: string };

const EMPTY: Values = { name: '', school: '', email: '', comment: '' };
const NO_ERRORS: FormErrors = { form: null, fields: {} };
const TITLES: Record<Kind, string> = {
  teacher: 'Join the beta',
  institution: 'Subscription for your institution',
};

/**
 * docs/product/public-site.md: the teacher beta sign-up (name, school, email) and the institution application (plus a
 * comment). Checked on submit; a valid one clears the fields and shows 'Thank you for reaching out!'.
 */
export function TeacherContactDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState(false);
  const submit = useSubmitApplication();

  const bind = (key: keyof Values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setErrors((er) => ({ form: null, fields: { ...er.fields, [key]: undefined } }));
    },
    error: errors.fields[key],
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed =
      kind === 'teacher'
        ? teacherSignUpSchema.safeParse(values)
        : institutionApplicationSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    const application =
      kind === 'teacher'
        ? { kind, ...teacherSignUpSchema.parse(values) }
        : { kind, ...institutionApplicationSchema.parse(values) };
    submit.mutate(application, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors(NO_ERRORS);
        setSent(true);
      },
      onError: (err) => setErrors(errorsOfResponse(err)),
    });
  };

  return (
    <Dialog title={sent ? 'Thank you for reaching out!' : TITLES[kind]} onClose={onClose}>
      {sent ? (
        <div className={s.thanks}>
          <p>We will get in touch when Beta is released.</p>
          <Button type="button" onClick={onClose}>
            Got it
          </Button>
        </div>
      ) : (
        <form className={s.form} onSubmit={onSubmit} noValidate>
          {kind === 'institution' ? (
            <TextField
              label="School"
              autoComplete="organization"
              maxLength={TEACHER_FIELD_MAX}
              {...bind('school')}
            />
          ) : null}
          <TextField label="Name" autoComplete="name" maxLength={TEACHER_FIELD_MAX} {...bind('name')} />
          {kind === 'teacher' ? (
            <TextField
              label="School"
              autoComplete="organization"
              maxLength={TEACHER_FIELD_MAX}
              {...bind('school')}
            />
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={TEACHER_FIELD_MAX}
            {...bind('email')}
          />
          {kind === 'institution' ? (
            <TextAreaField
              label="Comment"
              placeholder="How many teachers and students, and what you would like to know"
              rows={6}
              maxLength={INSTITUTION_COMMENT_MAX}
              {...bind('comment')}
            />
          ) : null}
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" disabled={submit.isPending} busy={submit.isPending}>
            Send
          </Button>
        </form>
      )}
    </Dialog>
  );
}
