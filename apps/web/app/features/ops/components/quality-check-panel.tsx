import type { OpsOrder } from '@geekly/domain/ops/ops-orders-contract.ts';
import { isVisibleGeekFile, type OrderFileType } from '@geekly/domain/orders/geek-files.ts';
import { returnToGeekNoteSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import { useEffect, useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { openTaskFile, useTaskFiles, useTransition } from '../api/ops-queries.ts';
import {
  formatWhen,
  OpsButton,
  OpsForm,
  OpsFormFooter,
  OpsModal,
  OpsTextField,
  opsStyles as s,
} from './widgets.tsx';

const TYPE_LABELS: Record<string, string> = {
  file_final_draft: 'Final draft',
  file_final_draft_comment: 'Comments on the final draft',
  file_final_draft_proofread: 'Proofread final draft',
  file_draft_paper: 'Draft',
  plagreport_file_final_draft: 'Plagiarism report',
};

/**
 * The quality check (decision 048): a Geek's delivery waits here before the student sees it. The delivered files
 * with their plagiarism level and the instructions side by side; Pass to student, or Return to Geek with a note.
 */
export function QualityCheckPanel({ order }: { order: OpsOrder }) {
  const files = useTaskFiles(order._id);
  const transition = useTransition(order._id);
  const [returning, setReturning] = useState(false);
  const [error, setError] = useState('');
  const waiting = order.tags.includes('quality_check');
  // Returned or passed (here, or by another staff member live), the check is over: its dialog closes with it, and
  // a later delivery opens a fresh check.
  useEffect(() => {
    if (!waiting) {
      setReturning(false);
      setError('');
    }
  }, [waiting]);
  if (!waiting) return null;
  const delivered = (files.data?.files ?? []).filter((f) => f.geek_file && !f.deleted);
  return (
    <section className={s.card} aria-labelledby="quality-check">
      <h2 id="quality-check">Quality check</h2>
      <p className={s.muted}>
        {order.geek_name ?? 'The Geek'} delivered. The student sees nothing until you pass it on.
      </p>
      <div className={s.sideBySide}>
        <div>
          <h3 className={s.subhead}>Delivered files</h3>
          {delivered.length ? (
            <ul className={s.list} aria-label="Delivered files">
              {delivered.map((f) => {
                const hidden = !isVisibleGeekFile({
                  type: f.type as OrderFileType,
                  deleted: f.deleted,
                  plag_status: f.plag_status,
                  plag_level: f.plag_level,
                  override_pgch: false,
                });
                return (
                  <li key={f._id}>
                    <strong>{f.name}</strong> <span className={s.badge}>{TYPE_LABELS[f.type] ?? f.type}</span>{' '}
                    <OpsButton
                      variant="secondary"
                      aria-label={`Download ${f.name}`}
                      onPress={() =>
                        openTaskFile(order._id, f._id).catch((e) =>
                          setError(e instanceof ApiError ? e.text : 'Unknown error'),
                        )
                      }
                    >
                      Download
                    </OpsButton>
                    <div className={s.muted}>
                      Plagiarism:{' '}
                      {f.plag_status === 'found'
                        ? 'found'
                        : f.plag_status === 'not_found'
                          ? 'none found'
                          : f.plag_status === 'checking'
                            ? 'still checking'
                            : 'not checked'}
                      {f.plag_level === null ? '' : `, level ${f.plag_level}%`} · {formatWhen(f.created_at)}
                      {hidden ? ' · the student would not see it (plagiarism rule)' : ''}
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={s.muted}>No delivered file.</p>
          )}
        </div>
        <div>
          <h3 className={s.subhead}>Instructions</h3>
          <p className={s.pre}>{order.details || 'No instructions given.'}</p>
          {order.revision_comment ? (
            <>
              <h3 className={s.subhead}>The revision asked</h3>
              <p className={s.pre}>{order.revision_comment}</p>
            </>
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        <OpsButton
          isDisabled={transition.isPending}
          onPress={() => {
            setError('');
            transition.mutate(
              { name: 'pass_check' },
              {
                onSuccess: () => announce('Passed to the student'),
                onError: (e) => setError(e instanceof ApiError ? e.text : 'Unknown error'),
              },
            );
          }}
        >
          Pass to student
        </OpsButton>
        <OpsButton variant="secondary" isDisabled={transition.isPending} onPress={() => setReturning(true)}>
          Return to Geek
        </OpsButton>
      </div>
      {returning ? <ReturnDialog order={order} onClose={() => setReturning(false)} /> : null}
    </section>
  );
}

function ReturnDialog({ order, onClose }: { order: OpsOrder; onClose: () => void }) {
  const transition = useTransition(order._id);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <OpsModal
      title={`Return #${order.number} to the Geek`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <OpsForm
        errors={errors}
        onSubmit={(e) => {
          e.preventDefault();
          const checked = returnToGeekNoteSchema.safeParse(note);
          if (!checked.success)
            return setErrors({ note: checked.error.issues[0]?.message ?? 'Invalid note' });
          setErrors({});
          transition.mutate(
            { name: 'return_to_geek', note: checked.data },
            {
              onSuccess: () => {
                announce('Returned to the Geek');
                onClose();
              },
              onError: (err) =>
                setErrors(
                  err instanceof ApiError && Object.keys(err.fieldErrors).length
                    ? err.fieldErrors
                    : { form: err instanceof ApiError ? err.text : 'Unknown error' },
                ),
            },
          );
        }}
      >
        <p className={s.muted}>The Geek sees this note on the task and delivers again.</p>
        <OpsTextField
          label="Note to the Geek"
          name="note"
          value={note}
          onChange={setNote}
          error={errors.note}
          multiline
          autoFocus
        />
        <OpsFormFooter
          error={errors.form}
          submitLabel="Return to Geek"
          busy={transition.isPending}
          onCancel={onClose}
        />
      </OpsForm>
    </OpsModal>
  );
}
