import { GEEK_FILE_TYPES, type OrderFileType } from '@geekly/domain/orders/geek-files.ts';
import type { WorkspaceTaskDetail } from '@geekly/domain/workspace/workspace-contract.ts';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type GeekUpload, useUploadTaskFile } from '../api/workspace-queries.ts';
import { formatWhen } from './time-left.ts';
import s from './workspace.module.css';

type TaskFile = WorkspaceTaskDetail['files'][number];

const FILE_TYPE_LABELS: Record<OrderFileType, string> = {
  order_form: "Student's file",
  client_revision_request_file: 'Revision request file',
  file_final_draft: 'Final draft',
  file_final_draft_comment: 'Comments on the final draft',
  file_final_draft_proofread: 'Proofread final draft',
  file_draft_paper: 'Draft',
  plagreport_file_final_draft: 'Plagiarism report',
  allocates: 'Allocation',
};
const PLAG_LABELS: Record<string, string> = {
  checking: 'Plagiarism check running',
  not_found: 'No plagiarism found',
  found: 'Plagiarism found',
};

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A file's line: its name as a signed download, its kind, size, time and plagiarism check. */
export function FileLine({ f }: { f: TaskFile }) {
  const plag = f.plag_status ? PLAG_LABELS[f.plag_status] : null;
  return (
    <li>
      <a className={s.link} href={f.download_url} download={f.name} rel="noopener">
        {f.name}
      </a>{' '}
      <span className={s.badge}>{FILE_TYPE_LABELS[f.type] ?? f.type}</span>
      <div className={s.muted}>
        {kb(f.size)} · {formatWhen(f.created_at)}
        {plag ? ` · ${plag}` : ''}
        {f.plag_level !== null ? `, ${f.plag_level}%` : ''}
      </div>
    </li>
  );
}

/** The student's files (instructions and revision files), signed downloads. */
export function StudentFiles({ files }: { files: TaskFile[] }) {
  const mine = files.filter((f) => f.from === 'student');
  return (
    <section className={s.card} aria-labelledby="student-files">
      <h2 id="student-files">The student's files</h2>
      {mine.length ? (
        <ul className={s.list}>
          {mine.map((f) => (
            <FileLine key={f._id} f={f} />
          ))}
        </ul>
      ) : (
        <p className={s.muted}>The student attached no files.</p>
      )}
    </section>
  );
}

/**
 * The Geek's files and their upload: drafts, the final draft and the plagiarism report with its level, straight
 * to storage and then attached with their type (the specs' Geek file types).
 */
export function GeekFiles({ task, canUpload }: { task: WorkspaceTaskDetail; canUpload: boolean }) {
  const upload = useUploadTaskFile(task._id);
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<GeekUpload['type']>('file_final_draft');
  const [plag, setPlag] = useState<'not_found' | 'found' | 'checking' | 'none'>('not_found');
  const [level, setLevel] = useState('');
  const [progress, setProgress] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { file: useId(), type: useId(), plag: useId(), level: useId() };
  const mine = task.files.filter((f) => f.from === 'geek');
  const checked = type === 'file_final_draft' || type === 'plagreport_file_final_draft';
  return (
    <section className={s.card} aria-labelledby="geek-files">
      <h2 id="geek-files">Your files</h2>
      {mine.length ? (
        <ul className={s.list}>
          {mine.map((f) => (
            <FileLine key={f._id} f={f} />
          ))}
        </ul>
      ) : (
        <p className={s.muted}>No files from you yet. Deliver needs a final draft.</p>
      )}
      {canUpload ? (
        <form
          className={`${s.form} ${s.separated}`}
          aria-label="Upload a file"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) {
              setErrors({ file: 'Please choose a file' });
              inputRef.current?.focus();
              return;
            }
            const trimmed = level.trim();
            const plagLevel = !checked || trimmed === '' ? null : Number(trimmed);
            if (plagLevel !== null && !(Number.isInteger(plagLevel) && plagLevel >= 0 && plagLevel <= 100)) {
              setErrors({ level: 'A whole number from 0 to 100' });
              document.getElementById(ids.level)?.focus();
              return;
            }
            setErrors({});
            setProgress(0);
            upload.mutate(
              {
                file,
                type,
                plag_status: !checked || plag === 'none' ? null : plag,
                plag_level: plagLevel,
                onProgress: setProgress,
              },
              {
                onSuccess: () => {
                  announce(`Upload finished: ${file.name}`);
                  setFile(null);
                  setLevel('');
                  if (inputRef.current) inputRef.current.value = '';
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
              },
            );
          }}
        >
          <h3>Upload a file</h3>
          <div className={s.fieldStack}>
            <label htmlFor={ids.file} className={s.label}>
              File
            </label>
            <input
              id={ids.file}
              ref={inputRef}
              type="file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${ids.file}-error` : undefined}
            />
            {errors.file ? (
              <p id={`${ids.file}-error`} role="alert" className={s.error}>
                {errors.file}
              </p>
            ) : null}
          </div>
          <div className={s.fieldStack}>
            <label htmlFor={ids.type} className={s.label}>
              What it is
            </label>
            <select
              id={ids.type}
              className={s.select}
              value={type}
              onChange={(e) => setType(e.target.value as GeekUpload['type'])}
            >
              {GEEK_FILE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FILE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          {checked ? (
            <div className={s.rowEnd}>
              <div className={s.fieldStack}>
                <label htmlFor={ids.plag} className={s.label}>
                  Plagiarism check
                </label>
                <select
                  id={ids.plag}
                  className={s.select}
                  value={plag}
                  onChange={(e) => setPlag(e.target.value as typeof plag)}
                >
                  <option value="not_found">No plagiarism found</option>
                  <option value="found">Plagiarism found</option>
                  <option value="checking">Still checking</option>
                  <option value="none">Not checked</option>
                </select>
              </div>
              <div className={s.fieldStack}>
                <label htmlFor={ids.level} className={s.label}>
                  Plagiarism level, %
                </label>
                <input
                  id={ids.level}
                  className={s.select}
                  inputMode="numeric"
                  size={6}
                  value={level}
                  onChange={(e) => setLevel(e.target.value)}
                  aria-invalid={errors.level ? true : undefined}
                  aria-describedby={errors.level ? `${ids.level}-error` : undefined}
                />
              </div>
            </div>
          ) : null}
          {errors.level ? (
            <p id={`${ids.level}-error`} role="alert" className={s.error}>
              {errors.level}
            </p>
          ) : null}
          {errors.form ? (
            <p role="alert" className={s.error}>
              {errors.form}
            </p>
          ) : null}
          {upload.isPending ? (
            <progress max={1} value={progress} aria-label="Upload progress">
              {Math.round(progress * 100)}%
            </progress>
          ) : null}
          <Button type="submit" variant="secondary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload'}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
