import { type ReactNode, useEffect } from 'react';
import {
  Button,
  type ButtonProps,
  Dialog,
  Form,
  type FormProps,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { formatUsd } from '../../../lib/format-money.ts';
import s from './ops.module.css';

export { formatWhen } from '../../../lib/format-date.ts';
export { s as opsStyles };

export function OpsButton({
  variant = 'primary',
  ...props
}: ButtonProps & { variant?: 'primary' | 'secondary' | 'danger' }) {
  const className = variant === 'secondary' ? s.secondary : variant === 'danger' ? s.danger : s.button;
  return <Button className={className} {...props} />;
}

type Option = { id: string; label: string; hint?: string; disabled?: boolean };

/** A labelled React Aria select; `value` '' means nothing chosen. */
export function OpsSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  placeholder?: string;
}) {
  return (
    <Select
      className={s.select}
      value={props.value || null}
      onChange={(key) => props.onChange(key === null ? '' : String(key))}
      placeholder={props.placeholder ?? 'Choose'}
      disabledKeys={props.options.filter((o) => o.disabled).map((o) => o.id)}
    >
      <Label>{props.label}</Label>
      <Button>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className={s.popover}>
        <ListBox className={s.listbox} items={props.options}>
          {(o) => (
            <ListBoxItem className={s.option} id={o.id} textValue={o.label}>
              {o.label}
              {o.hint ? <span className={s.optionHint}>{o.hint}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

export function OpsTextField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  multiline?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
  name?: string;
}) {
  return (
    <TextField
      className={s.field}
      value={props.value}
      onChange={props.onChange}
      type={props.type ?? 'text'}
      name={props.name}
      isInvalid={Boolean(props.error)}
      // The server's message is shown, never a native block on the next submit.
      validationBehavior="aria"
      autoFocus={props.autoFocus}
    >
      <Label>{props.label}</Label>
      {props.multiline ? <TextArea /> : <Input />}
      {/* The errorMessage slot (what React Aria's FieldError renders) ties the error to the field through
          aria-describedby; role="alert" still says it when it appears. */}
      {props.error ? (
        <Text slot="errorMessage" className={s.error} role="alert">
          {props.error}
        </Text>
      ) : null}
    </TextField>
  );
}

/**
 * A back-office form: each time `errors` changes to a refusal that names fields (a new object per answer), the
 * first invalid field takes the focus, read with its error (issue 27).
 */
export function OpsForm({
  errors,
  invalid,
  ...props
}: FormProps & {
  errors: Record<string, string> /** What counts as invalid, when more than aria-invalid does. */;
  invalid?: string;
}) {
  const { ref, failed } = useFocusFirstInvalid<HTMLFormElement>(invalid);
  useEffect(() => {
    if (Object.keys(errors).some((field) => field !== 'form')) failed();
  }, [errors, failed]);
  return <Form ref={ref} {...props} />;
}

/** A modal dialog opened by the caller's state. */
export function OpsModal(props: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay className={s.overlay} isOpen={props.isOpen} onOpenChange={props.onOpenChange} isDismissable>
      <Modal className={s.modal}>
        <Dialog className={s.dialog}>
          <Heading slot="title" level={3}>
            {props.title}
          </Heading>
          {props.children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** API dollars as the shared formatter shows them ('$1,234.50'); '—' for an amount not set yet (no price). */
export const dollars = (n: number | null) => (n === null ? '—' : formatUsd(n));

/** The server's refusal as form errors: its messages by field when it names fields, else its text for the form. */
export const formErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError
    ? Object.keys(err.fieldErrors).length
      ? err.fieldErrors
      : { form: err.text }
    : { form: 'Unknown error' };

/** A dialog form's foot: the form's error, its submit button and Cancel. */
export function OpsFormFooter(props: {
  error: string | undefined;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {props.error ? (
        <p role="alert" className={s.error}>
          {props.error}
        </p>
      ) : null}
      <div className={s.actions}>
        <OpsButton type="submit" isDisabled={props.busy}>
          {props.submitLabel}
        </OpsButton>
        <OpsButton variant="secondary" onPress={props.onCancel}>
          Cancel
        </OpsButton>
      </div>
    </>
  );
}
