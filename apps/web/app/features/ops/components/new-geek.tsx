import { opsContract } from '@geekly/domain/ops/ops-contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-call.ts';
import { staffSession } from '../api/ops-client.ts';
import { type GeekProfileDraft, GeekProfileFields, geekProfileBody } from './geek-profile-fields.tsx';
import { formErrors, OpsButton, OpsForm, OpsFormFooter, OpsModal } from './widgets.tsx';

const EMPTY: GeekProfileDraft = { name: '', major: '', subjects: '' };

/** 'Add a Geek': POST /ops/geeks. */
export function NewGeekButton() {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return (
    <>
      <OpsButton onPress={() => setOpen(true)}>Add a Geek</OpsButton>
      <OpsModal title="Add a Geek" isOpen={open} onOpenChange={setOpen}>
        <OpsForm
          errors={errors}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setErrors({});
            try {
              await apiCall(opsContract.addGeek, { body: geekProfileBody(draft) }, { auth: staffSession });
              await qc.invalidateQueries({ queryKey: ['ops', 'geeks'] });
              setOpen(false);
              setDraft(EMPTY);
            } catch (err) {
              setErrors(formErrors(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <GeekProfileFields draft={draft} onChange={setDraft} errors={errors} autoFocus />
          <OpsFormFooter error={errors.form} submitLabel="Add" busy={busy} onCancel={() => setOpen(false)} />
        </OpsForm>
      </OpsModal>
    </>
  );
}
