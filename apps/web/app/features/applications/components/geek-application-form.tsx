import {
  geekApplicationStep1Schema,
  geekApplicationStep2Schema,
} from '@geekly/domain/applications/application-schemas.ts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSubmitApplication } from '../api/submit-application.ts';
import s from './application-forms.module.css';
import { TextAreaField } from './text-area-field.tsx';
import { errorsOf, errorsOfResponse, type FormErrors } from './use-field-errors.ts';

type Values = { name: string; email: string; password: string; expertise: string; subject: string };
type Key = keyof Values;

const EMPTY: Values = { name: '', email: '', password: '', expertise: '', subject: '' };
const STEP_KEYS: Record<1 | 2, readonly Key[]> = {
  1: ['name', 'email', 'password'],
  2: ['expertise', 'subject'],
};

const fieldErrors = (step: 1 | 2, values: Values): FormErrors['fields'] => {
  const parsed = (step === 1 ? geekApplicationStep1Schema : geekApplicationStep2Schema).safeParse(values);
  return parsed.success ? {} : errorsOf(parsed.error).fields;
};

/**
 * docs/product/public-site.md: step 1 account, step 2 about yourself, step 3 thank-you. Next is enabled only when the
 * step's fields are valid; a field's message shows once it has been left.
 */
export function GeekApplicationForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors>({ form: null, fields: {} });
  const submit = useSubmitApplication();

  if (step === 3) {
    return (
      <div className={s.thanks} role="status">
        <h3 className={s.thanksTitle}>Thank you for applying!</h3>
        <p>We have received your application. Our team will review it and get back to you by e-mail.</p>
      </div>
    );
  }

  const errors = fieldErrors(step, values);
  const stepValid = Object.keys(errors).length === 0;
  const errorFor = (key: Key) => serverErrors.fields[key] ?? (touched[key] ? errors[key] : undefined);

  const bind = (key: Key) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setServerErrors((se) => ({ form: null, fields: { ...se.fields, [key]: undefined } }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    error: errorFor(key),
  });

  const onNext = (e: FormEvent) => {
    e.preventDefault();
    if (!stepValid) return;
    if (step === 1) {
      setStep(2);
      return;
    }
    const application = {
      kind: 'geek' as const,
      ...geekApplicationStep1Schema.parse(values),
      ...geekApplicationStep2Schema.parse(values),
    };
    submit.mutate(application, {
      onSuccess: () => {
        setValues(EMPTY);
        setStep(3);
        onSubmitted?.();
      },
      onError: (err) => {
        const found = errorsOfResponse(err);
        setServerErrors(found);
        // A refused account field sends the applicant back to the step that shows it.
        if (STEP_KEYS[1].some((k) => found.fields[k])) setStep(1);
      },
    });
  };

  return (
    <form
      className={s.form}
      onSubmit={onNext}
      noValidate
      aria-label="Geek application"
      data-island="geek-application"
    >
      <p className={s.step}>Step {step} of 2</p>
      {step === 1 ? (
        <>
          <h3 className={s.stepTitle}>Your account</h3>
          <TextField label="Name" autoComplete="name" maxLength={100} {...bind('name')} />
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...bind('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            {...bind('password')}
          />
        </>
      ) : (
        <>
          <h3 className={s.stepTitle}>About yourself</h3>
          <TextAreaField
            label="Your expertise"
            placeholder="Your degrees, teaching or tutoring experience, what you are good at"
            rows={6}
            maxLength={5000}
            {...bind('expertise')}
          />
          <TextAreaField
            label="Your subject"
            placeholder="The subjects you can help students with"
            rows={6}
            maxLength={200}
            {...bind('subject')}
          />
        </>
      )}
      {serverErrors.form ? (
        <p className="form-error" role="alert">
          {serverErrors.form}
        </p>
      ) : null}
      <div className={s.actions}>
        {step === 2 ? (
          <Button type="button" variant="secondary" onClick={() => setStep(1)}>
            Back
          </Button>
        ) : null}
        <Button type="submit" disabled={!stepValid || submit.isPending} busy={submit.isPending}>
          {step === 1 ? 'Next' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}
