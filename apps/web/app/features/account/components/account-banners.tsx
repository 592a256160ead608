import { phoneCodeCheckSchema } from '@geekly/domain/users/phone-verification.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../lib/current-user.ts';
import { formatUsd } from '../../../lib/format-money.ts';
import { useCheckPhoneCode, useSendPhoneCode } from '../api/phone-verification.ts';
import { useUpdateMe } from '../api/update-me.ts';
import s from './account.module.css';

function Banner({
  label,
  children,
  onClose,
}: {
  label: string;
  children: React.ReactNode;
  onClose?: () => void;
}) {
  return (
    <section className={s.banner} aria-label={label}>
      {children}
      {onClose ? (
        <button type="button" className={s.bannerClose} aria-label={`Dismiss: ${label}`} onClick={onClose}>
          ×
        </button>
      ) : null}
    </section>
  );
}

/** docs/product/account.md: a client with paid tasks and no phone is asked for one; closing it is kept (userdef). */
function PhonePrompt() {
  const update = useUpdateMe();
  return (
    <Banner
      label="Add your phone number"
      onClose={() => update.mutate({ userdef: { phoneBannerClosed: true } })}
    >
      <p className={s.bannerText}>
        Add your phone number so we can reach you quickly about your tasks.{' '}
        <Link to="/profile">Add phone number</Link>
      </p>
    </Banner>
  );
}

/** docs/product/account.md "referral bonus change": the ledger's bonus total grew since the client last closed it. */
function ReferralBonusChange({ user }: { user: StudentProfile }) {
  const update = useUpdateMe();
  const earned = user.referral_details.earn - (user.userdef.prevTotalBonuses ?? 0);
  return (
    <Banner
      label="Referral bonus"
      onClose={() => update.mutate({ userdef: { prevTotalBonuses: user.referral_details.earn } })}
    >
      <p className={s.bannerText}>
        Your friends brought you {formatUsd(earned)} in referral bonuses. Your total is now{' '}
        {formatUsd(user.referral_details.earn)}. <Link to="/referral">Invite more friends</Link>
      </p>
    </Banner>
  );
}

/** docs/product/account.md "phone verification for referred users": a code by SMS, checked on the server (decision 018). */
function PhoneVerification({ user }: { user: StudentProfile }) {
  const codeId = useId();
  const [code, setCode] = useState('');
  const send = useSendPhoneCode();
  const check = useCheckPhoneCode();
  const format = phoneCodeCheckSchema.safeParse({ code });
  const errorOf = (e: unknown) =>
    e instanceof ApiError
      ? (e.fieldErrors.code ?? e.fieldErrors.phone ?? e.text)
      : e
        ? 'Unknown error'
        : null;
  const error = errorOf(check.error) ?? errorOf(send.error);
  if (!user.phone) {
    return (
      <Banner label="Confirm your phone number">
        <p className={s.bannerText}>
          You joined through a friend's invite: please <Link to="/profile">add your phone number</Link> and
          confirm it with a code we send by SMS, so your friend gets their bonus.
        </p>
      </Banner>
    );
  }
  return (
    <Banner label="Confirm your phone number">
      <p className={s.bannerText}>
        {send.data?.sent
          ? `We sent a 6-digit code to ${user.phone}.`
          : `You joined through a friend's invite: please confirm your phone ${user.phone} with a code by SMS, so your friend gets their bonus.`}
      </p>
      {send.data?.sent ? (
        <form
          className={s.codeRow}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (format.success) check.mutate(format.data.code);
          }}
        >
          <label htmlFor={codeId} className="visually-hidden">
            SMS code
          </label>
          <input
            id={codeId}
            className={s.codeInput}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              check.reset();
            }}
          />
          <Button type="submit" busy={check.isPending} disabled={!format.success || check.isPending}>
            Confirm
          </Button>
          <Button type="button" variant="secondary" onClick={() => send.mutate()} disabled={send.isPending}>
            Send a new code
          </Button>
        </form>
      ) : (
        <Button type="button" busy={send.isPending} onClick={() => send.mutate()}>
          Send code
        </Button>
      )}
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </Banner>
  );
}

/**
 * The client area's banners (docs/product/account.md). `onTaskPage`: task, new-order and profile pages show no phone
 * banners.
 */
export function AccountBanners({ user, onTaskPage }: { user: StudentProfile; onTaskPage: boolean }) {
  const bonusGrew = user.referral_details.earn > (user.userdef.prevTotalBonuses ?? 0);
  return (
    <>
      {bonusGrew ? <ReferralBonusChange user={user} /> : null}
      {!onTaskPage && user.is_referred && !user.phone_verified ? <PhoneVerification user={user} /> : null}
      {!onTaskPage &&
      user.paid_orders_count > 0 &&
      !user.phone &&
      !user.userdef.phoneBannerClosed &&
      !user.is_referred ? (
        <PhonePrompt />
      ) : null}
    </>
  );
}
