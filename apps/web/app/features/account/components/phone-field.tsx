import { formatPhoneDigits, typedNationalDigits } from '@geekly/domain/users/phone-mask.ts';
import { PHONE_COUNTRIES } from '@geekly/domain/users/user-schemas.ts';
import { useId } from 'react';
import s from './account.module.css';

/**
 * docs/product/account.md: the phone with a selector of the 15 countries; the digits show in the country's mask.
 * `digits` are the national digits only.
 */
export function PhoneField(props: {
  country: string;
  digits: string;
  error: string | null;
  onCountry: (code: string) => void;
  onDigits: (digits: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const country = PHONE_COUNTRIES.find((c) => c.countryCode === props.country) ?? PHONE_COUNTRIES[0];
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        Phone number
      </label>
      <div className={props.error ? s.phoneRowError : s.phoneRow}>
        <select
          aria-label="Country"
          className={s.country}
          value={country.countryCode}
          onChange={(e) => props.onCountry(e.target.value)}
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.countryCode} value={c.countryCode}>
              {c.name} {c.phoneCode}
            </option>
          ))}
        </select>
        <span className={s.phoneCode} aria-hidden="true">
          {country.phoneCode}
        </span>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className={s.phoneInput}
          placeholder={country.phoneMask.replaceAll('9', '0')}
          value={formatPhoneDigits(props.digits, country.countryCode)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(e) => props.onDigits(typedNationalDigits(e.target.value, country.countryCode))}
          onBlur={props.onBlur}
        />
      </div>
      {props.error ? (
        <p id={`${id}-error`} className={s.error} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
