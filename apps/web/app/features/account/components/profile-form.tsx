import { defaultPhoneCountry, fillsMask, nationalDigits, toE164 } from '@geekly/domain/users/phone-mask.ts';
import type { PhoneCountryCode } from '@geekly/domain/users/user-schemas.ts';
import { emailField, USER_MESSAGES } from '@geekly/domain/users/user-schemas.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../lib/current-user.ts';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { type ProfilePatch, useUpdateMe } from '../api/update-me.ts';
import s from './account.module.css';
import { PasswordCard } from './password-card.tsx';
import { PhoneField } from './phone-field.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';

const serverPhoneError = (err: unknown) =>
  err instanceof ApiError && err.text === 'Already exists phone' ? USER_MESSAGES.phoneExists : null;

/**
 * docs/product/account.md "Profile": the registration e-mail read-only, the phone with its country, the notification
 * e-mail, a Save beside each only when its value changed (disabled on an error), and the unsaved-changes popup
 * on every way out: links, the back button, log-out and closing the tab.
 */
export function ProfileForm({
  user,
  ipCountry,
  onLogOut,
}: {
  user: StudentProfile;
  ipCountry: string | null;
  onLogOut: () => void;
}) {
  const emailId = useId();
  const notifyId = useId();
  const baseCountry = user.country ?? defaultPhoneCountry(ipCountry);
  const baseDigits = nationalDigits(user.phone, baseCountry);
  const [country, setCountry] = useState(baseCountry);
  const [digits, setDigits] = useState(baseDigits);
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [email, setEmail] = useState(user.notification_email);
  // Decision 051: sending mail to another address than the account's asks for the password.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [phoneServerError, setPhoneServerError] = useState<string | null>(null);
  const [emailServerError, setEmailServerError] = useState<string | null>(null);
  const [askLogOut, setAskLogOut] = useState(false);
  const savePhone = useUpdateMe();
  const saveEmail = useUpdateMe();
  // Leaving on purpose (after the popup's answer) must not be stopped again.
  const leaving = useRef(false);
  // A save that failed (its button, or the popup's 'Yes, save changes') focuses the field with the error.
  const { ref: profileRef, failed } = useFocusFirstInvalid<HTMLDivElement>();

  const phoneChanged = digits !== baseDigits || country !== baseCountry;
  const emailChanged = email !== user.notification_email;
  const maskError = phoneChanged && !fillsMask(digits, country);
  const phoneError = phoneServerError ?? (maskError && phoneTouched ? USER_MESSAGES.phoneFormat : null);
  const emailCheck = emailField.safeParse(email);
  const emailError = emailChanged && !emailCheck.success ? USER_MESSAGES.emailFormat : emailServerError;
  const asksPassword = emailChanged && emailCheck.success && emailCheck.data !== user.email;
  const dirty = phoneChanged || emailChanged || phoneServerError !== null;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  async function doSavePhone(): Promise<boolean> {
    setPhoneTouched(true);
    if (maskError) {
      failed();
      return false;
    }
    try {
      // The phone field offers only the list's countries, and the profile's country was saved from it.
      await savePhone.mutateAsync({ phone: toE164(digits, country), country: country as PhoneCountryCode });
      setPhoneTouched(false);
      return true;
    } catch (err) {
      const exists = serverPhoneError(err);
      setPhoneServerError(
        exists ?? (err instanceof ApiError ? (err.fieldErrors.phone ?? err.text) : 'Unknown error'),
      );
      failed();
      return false;
    }
  }

  async function doSaveEmail(): Promise<boolean> {
    if (!emailCheck.success) {
      failed();
      return false;
    }
    const patch: ProfilePatch = {
      notification_email: emailCheck.data,
      ...(asksPassword && password ? { password } : {}),
    };
    try {
      const saved = await saveEmail.mutateAsync(patch);
      setEmail(saved.notification_email);
      setPassword('');
      return true;
    } catch (err) {
      const forPassword = err instanceof ApiError ? err.fieldErrors.password : undefined;
      // A 429 (too many wrong passwords) says when to try again; it belongs to the password too.
      if (forPassword || (err instanceof ApiError && err.status === 429))
        setPasswordError(forPassword ?? (err as ApiError).text);
      else
        setEmailServerError(
          err instanceof ApiError ? (err.fieldErrors.notification_email ?? err.text) : 'Unknown error',
        );
      failed();
      return false;
    }
  }

  async function saveAll(): Promise<boolean> {
    const okPhone = phoneChanged ? await doSavePhone() : phoneServerError === null;
    const okEmail = emailChanged ? await doSaveEmail() : true;
    return okPhone && okEmail;
  }

  const popupOpen = blocker.state === 'blocked' || askLogOut;
  // The popup's save failed: the field with the error takes the focus once the popup has closed (the page was
  // inert behind it, and the router closes it in a later render than the error's).
  const refocusAfterPopup = useRef(false);
  useEffect(() => {
    if (popupOpen || !refocusAfterPopup.current) return;
    refocusAfterPopup.current = false;
    failed();
  }, [popupOpen, failed]);
  const leave = () => {
    leaving.current = true;
    if (askLogOut) onLogOut();
    else blocker.proceed?.();
  };
  const stay = () => {
    setAskLogOut(false);
    blocker.reset?.();
  };

  return (
    <div ref={profileRef} className={s.profile}>
      <section className={s.card} aria-labelledby={`${emailId}-h`}>
        <h2 id={`${emailId}-h`} className={s.cardTitle}>
          Account
        </h2>
        <div className={s.field}>
          <label htmlFor={emailId} className={s.label}>
            Registration email
          </label>
          <input
            id={emailId}
            className={s.readOnly}
            value={user.email}
            readOnly
            aria-describedby={`${emailId}-note`}
          />
          <p id={`${emailId}-note`} className={s.note}>
            This is the email you log in with. To change it, please message our support.
          </p>
        </div>
        <div className={s.saveRow}>
          <PhoneField
            country={country}
            digits={digits}
            error={phoneError}
            onCountry={(c) => {
              setCountry(c);
              setPhoneServerError(null);
            }}
            onDigits={(d) => {
              setDigits(d);
              setPhoneServerError(null);
            }}
            onBlur={() => setPhoneTouched(true)}
          />
          {phoneChanged ? (
            <Button
              type="button"
              className={s.save}
              busy={savePhone.isPending}
              disabled={phoneError !== null || savePhone.isPending}
              onClick={() => void doSavePhone()}
              aria-label="Save phone number"
            >
              Save
            </Button>
          ) : null}
        </div>
      </section>

      <section className={s.card} aria-labelledby={`${notifyId}-h`}>
        <h2 id={`${notifyId}-h`} className={s.cardTitle}>
          Notifications
        </h2>
        <p className={s.note}>We will inform you on the task progress by email.</p>
        <div className={s.saveRow}>
          <div className={s.field}>
            <label htmlFor={notifyId} className={s.label}>
              Your email for task notifications and updates
            </label>
            <input
              id={notifyId}
              type="email"
              autoComplete="email"
              className={emailError ? s.inputError : s.input}
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${notifyId}-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailServerError(null);
                setPasswordError(null);
              }}
            />
            {emailError ? (
              <p id={`${notifyId}-error`} className={s.error} role="alert">
                {emailError}
              </p>
            ) : null}
            {asksPassword ? (
              <div className={s.followingField}>
                <label htmlFor={`${notifyId}-password`} className={s.label}>
                  Your password, to send your mail to this address
                </label>
                <input
                  id={`${notifyId}-password`}
                  type="password"
                  autoComplete="current-password"
                  className={passwordError ? s.inputError : s.input}
                  value={password}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? `${notifyId}-password-error` : undefined}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setPasswordError(null);
                  }}
                />
                {passwordError ? (
                  <p id={`${notifyId}-password-error`} className={s.error} role="alert">
                    {passwordError}
                  </p>
                ) : null}
              </div>
            ) : null}
            {user.pending_notification_email && !emailChanged ? (
              <p className={s.note} role="status">
                We sent a confirmation link to <strong>{user.pending_notification_email}</strong>. Until you
                open it, we keep writing to {user.notification_email}.
              </p>
            ) : null}
          </div>
          {emailChanged ? (
            <Button
              type="button"
              className={s.save}
              busy={saveEmail.isPending}
              disabled={emailError !== null || saveEmail.isPending}
              onClick={() => void doSaveEmail()}
              aria-label="Save notification email"
            >
              Save
            </Button>
          ) : null}
        </div>
      </section>

      <PasswordCard user={user} />

      <button type="button" className={s.logout} onClick={() => (dirty ? setAskLogOut(true) : onLogOut())}>
        Logout
      </button>

      {popupOpen ? (
        <UnsavedChangesDialog
          saving={savePhone.isPending || saveEmail.isPending}
          onStay={stay}
          onDiscard={leave}
          onSave={() =>
            void saveAll().then((ok) => {
              if (ok) leave();
              else {
                refocusAfterPopup.current = true;
                stay();
              }
            })
          }
        />
      ) : null}
    </div>
  );
}
