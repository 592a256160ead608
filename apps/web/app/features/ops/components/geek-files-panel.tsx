import type { OrderFileView } from '@geekly/domain/files/file-schemas.ts';
import { GEEK_FILE_TYPES, type GeekFileType, isVisibleGeekFile } from '@geekly/domain/orders/geek-files.ts';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type GeekFileUpload, useTaskFiles, useUploadGeekFile } from '../api/ops-queries.ts';
import { formatWhen, OpsButton, OpsForm, OpsSelect, OpsTextField, opsStyles as s } from './widgets.tsx';

const TYPE_LABELS: Record<string, string> = {
  order_form: 'Client file',
  client_revision_request_file: 'Revision request file',
  file_final_draft: 'Final draft',
  file_final_draft_comment: 'Comments on the final draft',
  file_final_draft_proofread: 'Proofread final draft',
  file_draft_paper: 'Draft',
  plagreport_file_final_draft: 'Plagiarism report',
  allocates: 'Allocation',
};
const PLAG_LABELS: Record<string, string> = {
  none: 'Not checked',
  checking: 'Checking',
  not_found: 'No plagiarism found',
  found: 'Plagiarism found',
};

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function FileLine({ f }: { f: OrderFileView }) {
  const hidden =
    f.geek_file &&
    !f.deleted &&
    !isVisibleGeekFile({
      type: f.type,
      deleted: f.deleted,
      plag_status: f.plag_status,
      plag_level: f.plag_level,
      override_pgch: false,
    });
  return (
    <li>
      <strong>{f.name}</strong> <span className={s.badge}>{TYPE_LABELS[f.type] ?? f.type}</span>
      {f.deleted ? <span className={s.badge}>removed</span> : null}
      <div className={s.muted}>
        {kb(f.size)} · {formatWhen(f.created_at)}
        {f.geek_file
          ? ` · ${PLAG_LABELS[f.plag_status ?? 'none']}${f.plag_level === null ? '' : `, ${f.plag_level}%`}`
          : ''}
        {hidden ? ' · hidden from the student by the plagiarism rule' : ''}
      </div>
    </li>
  );
}

/**
 * The task's files, and the Geek's upload: straight to storage, then attached with its Geek file type and
 * plagiarism check. A final draft the student will see is what 'Deliver' needs (the server's guard).
 */
export function GeekFilesPanel({ orderId }: { orderId: string }) {
  const files = useTaskFiles(orderId);
  const upload = useUploadGeekFile(orderId);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<GeekFileType>('file_final_draft');
  const [plag, setPlag] = useState('not_found');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileErrorId = useId();
  const all = files.data?.files ?? [];
  const geek = all.filter((f) => f.geek_file);
  const client = all.filter((f) => !f.geek_file);
  return (
    <section className={s.card} aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      <h3 className={s.muted}>From the Geek</h3>
      {geek.length ? (
        <ul className={s.list} aria-label="Geek files">
          {geek.map((f) => (
            <FileLine key={f._id} f={f} />
          ))}
        </ul>
      ) : (
        <p className={s.muted}>No Geek file yet.</p>
      )}
      {client.length ? (
        <>
          <h3 className={s.muted}>From the student</h3>
          <ul className={s.list} aria-label="Student files">
            {client.map((f) => (
              <FileLine key={f._id} f={f} />
            ))}
          </ul>
        </>
      ) : null}
      <OpsForm
        errors={errors}
        // The file's button carries its error as its description (a button takes no aria-invalid).
        invalid={`[aria-invalid="true"], [aria-describedby="${fileErrorId}"]`}
        aria-label="Upload a Geek file"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return setErrors({ file: 'Please choose a file' });
          const trimmed = level.trim();
          const plagLevel = trimmed === '' ? null : Number(trimmed);
          if (plagLevel !== null && !(Number.isInteger(plagLevel) && plagLevel >= 0 && plagLevel <= 100))
            return setErrors({ level: 'A whole number from 0 to 100' });
          setErrors({});
          const body: GeekFileUpload = {
            file,
            type,
            plag_status: plag === 'none' ? null : (plag as GeekFileUpload['plag_status']),
            plag_level: plagLevel,
          };
          upload.mutate(body, {
            onSuccess: () => {
              announce(`Upload finished: ${file.name}`);
              setFile(null);
              setLevel('');
            },
            onError: (err) => {
              announce(`Upload failed: ${file.name}`);
              setErrors({
                form:
                  err instanceof ApiError
                    ? (Object.values(err.fieldErrors)[0] ?? err.text)
                    : 'The file could not be uploaded',
              });
            },
          });
        }}
      >
        <h3 className={s.muted}>Upload a Geek file</h3>
        <div className={s.field}>
          <FileTrigger onSelect={(list) => setFile(list?.[0] ?? null)}>
            <OpsButton variant="secondary" aria-describedby={errors.file ? fileErrorId : undefined}>
              Choose file
            </OpsButton>
          </FileTrigger>
          <span className={file ? undefined : s.muted} data-testid="chosen-file">
            {file ? `${file.name} (${kb(file.size)})` : 'No file chosen'}
          </span>
          {errors.file ? (
            <span id={fileErrorId} role="alert" className={s.error}>
              {errors.file}
            </span>
          ) : null}
        </div>
        <OpsSelect
          label="File type"
          value={type}
          onChange={(v) => setType((v || 'file_final_draft') as GeekFileType)}
          options={GEEK_FILE_TYPES.map((t) => ({ id: t, label: TYPE_LABELS[t] ?? t }))}
        />
        <OpsSelect
          label="Plagiarism check"
          value={plag}
          onChange={(v) => setPlag(v || 'none')}
          options={Object.entries(PLAG_LABELS).map(([id, label]) => ({ id, label }))}
        />
        <OpsTextField
          label="Plagiarism level, %"
          name="plag_level"
          value={level}
          onChange={setLevel}
          error={errors.level}
        />
        {errors.form ? (
          <p role="alert" className={s.error}>
            {errors.form}
          </p>
        ) : null}
        <OpsButton type="submit" isDisabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </OpsButton>
      </OpsForm>
    </section>
  );
}
