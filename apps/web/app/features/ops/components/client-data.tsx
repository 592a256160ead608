import { privacyContract } from '@geekly/domain/users/privacy-contract.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { opsDownload, staffSession } from '../api/ops-client.ts';
import { useStaffMe } from '../api/ops-queries.ts';
import {
  formErrors,
  OpsButton,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsTextField,
  opsStyles as s,
} from './widgets.tsx';

/**
 * Decision 058: a client's personal data request, answered from their task's page. Any staff account downloads
 * the client's export; an admin erases the account with the reason the request gave. Both are audited.
 */
export function ClientDataActions({ userId }: { userId: string }) {
  const me = useStaffMe(true);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const download = useMutation({
    mutationFn: () => opsDownload(`/ops/users/${userId}/export`, `client-${userId}-data.zip`),
  });
  const erase = useMutation({
    mutationFn: () =>
      apiCall(
        privacyContract.eraseForStaff,
        { params: { id: userId }, body: { reason } },
        { auth: staffSession },
      ),
  });
  return (
    <div className={s.actions}>
      <OpsButton variant="secondary" isPending={download.isPending} onPress={() => download.mutate()}>
        Download the client's data
      </OpsButton>
      {me.data?.staff_role === 'admin' ? (
        <OpsButton variant="danger" isDisabled={erase.isSuccess} onPress={() => setOpen(true)}>
          Erase the client's data
        </OpsButton>
      ) : null}
      {download.error instanceof ApiError ? (
        <p role="alert" className={s.error}>
          {download.error.text}
        </p>
      ) : null}
      {erase.isSuccess ? (
        <p role="status" className={s.muted}>
          The client's personal data is erased.
        </p>
      ) : null}
      <OpsModal title="Erase the client's data" isOpen={open} onOpenChange={setOpen}>
        <p className={s.muted}>
          The e-mail, phone, messages and files go for good; paid tasks not delivered are refunded and the
          balance is forfeited. Payments and the ledger stay without a person.
        </p>
        <OpsForm
          errors={errors}
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            erase.mutate(undefined, {
              onSuccess: () => setOpen(false),
              onError: (err) => setErrors(formErrors(err)),
            });
          }}
        >
          <OpsTextField
            label="Reason (the request)"
            name="reason"
            value={reason}
            onChange={setReason}
            multiline
            error={errors.reason}
            autoFocus
          />
          <OpsFormFooter
            error={errors.form}
            submitLabel="Erase"
            busy={erase.isPending}
            onCancel={() => setOpen(false)}
          />
        </OpsForm>
      </OpsModal>
    </div>
  );
}
