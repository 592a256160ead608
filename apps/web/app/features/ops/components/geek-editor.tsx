import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useEditGeek } from '../api/ops-queries.ts';
import type { Geek } from '../api/ops-types.ts';
import { formErrors, OpsForm, OpsFormFooter, OpsModal, OpsTextField, opsStyles as s } from './widgets.tsx';

/** Edit a Geek's public profile, or disable them so no task can be assigned to them. */
export function GeekEditor({ geek, onClose }: { geek: Geek; onClose: () => void }) {
  const edit = useEditGeek();
  const [name, setName] = useState(geek.public_full_name);
  const [major, setMajor] = useState(geek.major);
  const [subjects, setSubjects] = useState(geek.public_subjects.join(', '));
  const [disabled, setDisabled] = useState(geek.is_disabled);
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
              public_full_name: name,
              major,
              public_subjects: subjects
                .split(',')
                .map((x) => x.trim())
                .filter(Boolean),
              is_disabled: disabled,
            },
            {
              onSuccess: onClose,
              onError: (err) => setErrors(formErrors(err)),
            },
          );
        }}
      >
        <OpsTextField label="Public name" value={name} onChange={setName} error={errors.public_full_name} />
        <OpsTextField label="Major" value={major} onChange={setMajor} error={errors.major} />
        <OpsTextField
          label="Subjects (comma-separated)"
          value={subjects}
          onChange={setSubjects}
          error={errors.public_subjects}
        />
        <Checkbox isSelected={disabled} onChange={setDisabled} className={s.switch}>
          <span className={s.track} aria-hidden="true" />
          Disabled (cannot be assigned)
        </Checkbox>
        <OpsFormFooter error={errors.form} submitLabel="Save" busy={edit.isPending} onCancel={onClose} />
      </OpsForm>
    </OpsModal>
  );
}
