import type { StaffGeekView } from '@geekly/domain/ops/ops-contract.ts';
import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useEditGeek } from '../api/ops-queries.ts';
import { GeekProfileFields, geekProfileBody } from './geek-profile-fields.tsx';
import { formErrors, OpsForm, OpsFormFooter, OpsModal, opsStyles as s } from './widgets.tsx';

/** Edit a Geek's public profile, or disable them so no task can be assigned to them. */
export function GeekEditor({ geek, onClose }: { geek: StaffGeekView; onClose: () => void }) {
  const edit = useEditGeek();
  const [draft, setDraft] = useState({
    name: geek.public_full_name,
    major: geek.major,
    subjects: geek.public_subjects.join(', '),
  });
  const [disabled, setDisabled] = useState(geek.is_disabled);
  const [top, setTop] = useState(geek.top);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <OpsModal title={`Edit ${geek.public_full_name}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <OpsForm
        errors={errors}
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate(
            {
              id: geek._id,
              ...geekProfileBody(draft),
              is_disabled: disabled,
              top,
            },
            {
              onSuccess: onClose,
              onError: (err) => setErrors(formErrors(err)),
            },
          );
        }}
      >
        <GeekProfileFields draft={draft} onChange={setDraft} errors={errors} />
        <Checkbox isSelected={top} onChange={setTop} className={s.switch}>
          <span className={s.track} aria-hidden="true" />
          TOP Geek (may take tasks with the 'TOP Geek' add-on)
        </Checkbox>
        <Checkbox isSelected={disabled} onChange={setDisabled} className={s.switch}>
          <span className={s.track} aria-hidden="true" />
          Disabled (cannot be assigned)
        </Checkbox>
        <OpsFormFooter error={errors.form} submitLabel="Save" busy={edit.isPending} onCancel={onClose} />
      </OpsForm>
    </OpsModal>
  );
}
