import { useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { useInviteGeek } from '../api/geek-team-queries.ts';
import {
  formatWhen,
  formErrors,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsTextField,
  opsStyles as s,
} from './widgets.tsx';

/** 'Invite': mails a one-time link (72 hours) to set the password of this Geek profile's workspace log-in. */
export function InviteGeekDialog(props: {
  geek: { _id: string; public_full_name: string };
  onClose: () => void;
}) {
  const invite = useInviteGeek();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  return (
    <OpsModal
      title={`Invite ${props.geek.public_full_name} to the workspace`}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
    >
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <OpsForm
          errors={errors}
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            invite.mutate(
              { id: props.geek._id, email },
              {
                onSuccess: (answer) => {
                  announce('Invitation sent');
                  setSent(
                    `A link to set a password went to ${answer.email}; it works until ${formatWhen(answer.expires_at)}.`,
                  );
                },
                onError: (err) => setErrors(formErrors(err)),
              },
            );
          }}
        >
          <p className={s.muted}>
            The Geek sets a password with the link and then logs in at /workspace/login.
          </p>
          <OpsTextField
            label="E-mail"
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            error={errors.email}
            autoFocus
          />
          <OpsFormFooter
            error={errors.form}
            submitLabel="Send the link"
            busy={invite.isPending}
            onCancel={props.onClose}
          />
        </OpsForm>
      )}
    </OpsModal>
  );
}
