import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { opsApi } from '../api/ops-client.ts';
import { formErrors, OpsButton, OpsForm, OpsFormFooter, OpsModal, OpsTextField } from './widgets.tsx';

/** 'Add a Geek': POST /ops/geeks. */
export function NewGeekButton() {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [major, setMajor] = useState('');
  const [subjects, setSubjects] = useState('');
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
              await opsApi('/ops/geeks', {
                body: {
                  public_full_name: name,
                  major,
                  public_subjects: subjects
                    .split(',')
                    .map((x) => x.trim())
                    .filter(Boolean),
                },
              });
              await qc.invalidateQueries({ queryKey: ['ops', 'geeks'] });
              setOpen(false);
              setName('');
              setMajor('');
              setSubjects('');
            } catch (err) {
              setErrors(formErrors(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <OpsTextField
            label="Public name"
            value={name}
            onChange={setName}
            error={errors.public_full_name}
            autoFocus
          />
          <OpsTextField label="Major" value={major} onChange={setMajor} error={errors.major} />
          <OpsTextField
            label="Subjects (comma-separated)"
            value={subjects}
            onChange={setSubjects}
            error={errors.public_subjects}
          />
          <OpsFormFooter error={errors.form} submitLabel="Add" busy={busy} onCancel={() => setOpen(false)} />
        </OpsForm>
      </OpsModal>
    </>
  );
}
