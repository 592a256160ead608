import { ACCEPT_ATTRIBUTE } from '@geekly/domain/files/file-limits.ts';
import { formatDeadlineDate, formatDeadlineTime, roundUpToHour } from '@geekly/domain/orders/deadline.ts';
import {
  defaultRevisionDeadline,
  earliestRevisionDeadline,
  isRevisionDeadlineTooEarly,
  REVISION_MESSAGES,
  revisionTooEarlyMessage,
} from '@geekly/domain/orders/order-action-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { ApiError, timezone } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { useOrderAction } from '../api/order-action.ts';
import { type AttachedFile, getRevisionFiles, uploadRevisionFile } from '../api/upload-revision-file.ts';
import { DeadlinePicker } from './deadline-picker.tsx';
import s from './rating-flow.module.css';

export type RevisionDraft = { comment: string; deadline: string; files: AttachedFile[] };

const when = (iso: string) => {
  const zone = timezone();
  const d = new Date(iso);
  return `${formatDeadlineDate(d, zone)} at ${formatDeadlineTime(d, zone)}`;
};

/**
 * docs/product/statuses-and-state-machine.md revision popup: 'What has to be changed in your task?', the message (required), the deadline
 * with the 24-hour lead ('We can do revision only by …' and the notice with Apply), then the preview.
 */
export function RevisionForm({
  orderId,
  draft,
  onPreview,
}: {
  orderId: string;
  draft: RevisionDraft | null;
  onPreview: (draft: RevisionDraft) => void;
}) {
  const ids = useId();
  const dateRef = useRef<HTMLButtonElement>(null);
  const [comment, setComment] = useState(draft?.comment ?? '');
  const [deadline, setDeadline] = useState(() =>
    draft ? new Date(draft.deadline) : defaultRevisionDeadline(new Date()),
  );
  const [tried, setTried] = useState(false);
  const [files, setFiles] = useState<AttachedFile[]>(draft?.files ?? []);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const zone = timezone();

  const attach = async (chosen: FileList | null) => {
    setUploadError(null);
    for (const file of [...(chosen ?? [])]) {
      setUploading((n) => n + 1);
      try {
        const attached = await uploadRevisionFile(orderId, file);
        setFiles((old) => [...old, attached]);
      } catch (e) {
        setUploadError(e instanceof ApiError ? e.text : e instanceof Error ? e.message : 'Unknown error');
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const now = new Date();
  const commentError = comment.trim() ? null : REVISION_MESSAGES.commentRequired;
  const tooEarly = isRevisionDeadlineTooEarly(now, deadline);
  const earliest = roundUpToHour(earliestRevisionDeadline(now));

  return (
    <form
      className={s.step}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (commentError) focusFirstInvalid(e.currentTarget);
        if (commentError || tooEarly || uploading > 0) return;
        onPreview({ comment: comment.trim(), deadline: deadline.toISOString(), files });
      }}
    >
      <Field
        id={`${ids}-comment`}
        label="What has to be changed in your task?"
        error={tried ? commentError : null}
      >
        <textarea
          id={`${ids}-comment`}
          className={s.textarea}
          rows={5}
          maxLength={10_000}
          value={comment}
          aria-invalid={tried && commentError ? true : undefined}
          aria-describedby={tried && commentError ? `${ids}-comment-error` : undefined}
          onChange={(e) => setComment(e.target.value)}
        />
      </Field>
      <label className={s.attach}>
        <span>{uploading > 0 ? 'Uploading…' : 'Attach files'}</span>
        <input
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="visually-hidden"
          onChange={(e) => {
            void attach(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {files.length > 0 ? (
        <ul className={s.files} aria-label="Attached files">
          {files.map((f) => (
            <li key={f._id}>{f.name}</li>
          ))}
        </ul>
      ) : null}
      {uploadError ? (
        <p className="form-error" role="alert">
          {uploadError}
        </p>
      ) : null}
      <p className={s.legend}>Revision deadline</p>
      <DeadlinePicker
        deadline={deadline}
        minimum={now}
        busy={false}
        dateRef={dateRef}
        onChange={setDeadline}
        error={
          tooEarly
            ? revisionTooEarlyMessage(formatDeadlineDate(earliest, zone), formatDeadlineTime(earliest, zone))
            : null
        }
      />
      {tooEarly ? (
        <div className={s.notice} role="status">
          <p className={s.text}>{REVISION_MESSAGES.leadNotice}</p>
          <button type="button" className={s.apply} onClick={() => setDeadline(earliest)}>
            Apply
          </button>
        </div>
      ) : null}
      <Button type="submit">Preview my request</Button>
    </form>
  );
}

/** The preview of a draft before sending, or ('Show my request') the request already sent. */
export function RevisionPreview({
  order,
  draft,
  onEdit,
  onSent,
}: {
  order: OrderView;
  draft: RevisionDraft | null;
  onEdit: () => void;
  onSent: () => void;
}) {
  const action = useOrderAction(order._id);
  const error = action.error instanceof ApiError ? action.error.text : action.error ? 'Unknown error' : null;
  const sentFiles = useQuery({
    queryKey: ['orders', 'revision-files', order._id],
    queryFn: () => getRevisionFiles(order._id),
    enabled: draft === null,
  });
  const shown = draft ?? {
    comment: order.revision_comment ?? '',
    deadline: order.revision_deadline ?? order.deadline,
    files: sentFiles.data ?? [],
  };
  return (
    <div className={s.step}>
      <dl className={s.summary}>
        <dt>What has to be changed</dt>
        <dd className={s.message}>{shown.comment}</dd>
        <dt>Revision deadline</dt>
        <dd>{when(shown.deadline)}</dd>
        {shown.files.length > 0 ? (
          <>
            <dt>Files</dt>
            <dd>
              <ul className={s.files}>
                {shown.files.map((f) => (
                  <li key={f._id}>{f.name}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {draft ? (
        <div className={s.actions}>
          <Button type="button" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button
            type="button"
            busy={action.isPending}
            onClick={() => {
              if (action.isPending) return;
              action.mutate(
                {
                  action: 'client_revision',
                  comment: draft.comment,
                  revision_deadline: draft.deadline,
                  files: draft.files.map((f) => f._id),
                },
                { onSuccess: onSent },
              );
            }}
          >
            Send request
          </Button>
        </div>
      ) : null}
    </div>
  );
}
