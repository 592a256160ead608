import { couponCodeSchema } from '@geekly/domain/orders/order-form-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { useEditOrder } from '../api/edit-order.ts';
import s from './coupon-block.module.css';

/**
 * docs/product/tasks-and-pricing.md "Coupon block": 'I have a coupon code', input 'Enter code here', Apply, clear, 'Remove';
 * 'Code: X' when valid. The code is normalised as the server does (spaces removed, upper case) and the
 * server's discount_error_type texts (docs/product/tasks-and-pricing.md) are shown as they come.
 */
export function CouponBlock({ order }: { order: OrderView }) {
  const update = useEditOrder(order._id);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  // A refused code puts the focus back on the field, read with its error.
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLFormElement>();
  // A code the server kept replaces the form: the focus goes to its Remove, which carries the server's verdict
  // (docs/product/tasks-and-pricing.md texts) as its description when the code does not apply.
  const applying = useRef(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!applying.current || !order.discount) return;
    applying.current = false;
    removeRef.current?.focus();
  }, [order.discount]);

  if (order.discount) {
    const invalidText = order.discount_info?.discount_error_text ?? null;
    return (
      <div className={s.coupon}>
        <p className={s.applied}>
          Code: <strong>{order.discount}</strong>
          <button
            ref={removeRef}
            type="button"
            className={s.link}
            disabled={update.isPending}
            aria-describedby={invalidText ? `${inputId}-verdict` : undefined}
            onClick={() => update.mutate({ discount: '' })}
          >
            Remove
          </button>
        </p>
        {invalidText ? (
          <p id={`${inputId}-verdict`} className={s.error} role="alert">
            {invalidText}
          </p>
        ) : null}
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className={s.link} onClick={() => setOpen(true)}>
        I have a coupon code
      </button>
    );
  }

  function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = couponCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      failed();
      return;
    }
    setError(null);
    applying.current = true;
    update.mutate(
      { discount: parsed.data },
      {
        onSuccess: () => setCode(''),
        onError: (err) => {
          applying.current = false;
          setError(err instanceof ApiError ? (err.fieldErrors.discount ?? err.text) : 'Unknown error');
          failed();
        },
      },
    );
  }

  return (
    <form ref={formRef} className={s.coupon} onSubmit={apply} noValidate aria-label="Coupon code">
      <label htmlFor={inputId} className="visually-hidden">
        Coupon code
      </label>
      <div className={s.row}>
        <div className={s.inputWrap}>
          <input
            id={inputId}
            className={error ? s.inputError : s.input}
            placeholder="Enter code here"
            value={code}
            maxLength={50}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
          {code ? (
            <button
              type="button"
              className={s.clear}
              aria-label="Clear the code"
              onClick={() => {
                setCode('');
                setError(null);
              }}
            >
              ×
            </button>
          ) : null}
        </div>
        <button type="submit" className={s.apply} disabled={update.isPending}>
          {update.isPending ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
