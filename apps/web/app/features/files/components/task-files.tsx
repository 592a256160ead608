import { ACCEPT_ATTRIBUTE } from '@geekly/domain/files/file-limits.ts';
import { type DragEvent, useId, useState } from 'react';
import type { OrderFile } from '../api/get-order-files.ts';
import { fileDownloadHref } from '../api/get-order-files.ts';
import { useRemoveOrderFile } from '../api/remove-file.ts';
import { type UploadItem, useFileUploads } from '../hooks/use-file-uploads.ts';
import { formatFileSize } from './file-size.ts';
import s from './task-files.module.css';

type Props = {
  orderId: string;
  /** The client's files already on the task. */
  files: OrderFile[];
  /** docs/product/files.md: the client may not remove files once the task is paid. */
  canRemove: boolean;
};

/**
 * docs/product/files.md 'Task files': the attach area ('Attach file or photo', or drag and drop) and the task's files with
 * their states: loading with a progress bar, loaded, failed with 'Reload file', refused with the reason.
 */
export function TaskFiles({ orderId, files, canRemove }: Props) {
  const uploads = useFileUploads(orderId, 'order');
  const removeFile = useRemoveOrderFile(orderId);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length > 0) uploads.add(e.dataTransfer.files);
  };

  return (
    <div className={s.wrap}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the labelled file input, which keyboards use */}
      <div
        className={`${s.drop} ${dragging ? s.dragging : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="attach-area"
      >
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className={`visually-hidden ${s.input}`}
          onChange={(e) => {
            if (e.target.files) uploads.add(e.target.files);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={s.attach}>
          <svg className={s.clip} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l9.2-9.2a3.7 3.7 0 0 1 5.2 5.2l-9.2 9.2a1.8 1.8 0 0 1-2.6-2.6l8.5-8.5" />
          </svg>
          Attach file or photo
        </label>
        <p className={s.hint}>or drop files here · up to 50 MB each</p>
      </div>

      {files.length + uploads.items.length > 0 ? (
        <ul className={s.list} aria-label="Task files">
          {files.map((f) => (
            <li key={f._id} className={s.row}>
              <div className={s.info}>
                <a className={s.name} href={fileDownloadHref(orderId, f._id)} download={f.name}>
                  {f.name}
                </a>
                <span className={s.meta}>
                  {formatFileSize(f.size)} · <span className={s.loaded}>Loaded</span>
                </span>
                <progress className={s.progress} max={1} value={1} aria-label={`${f.name} loaded`} />
              </div>
              {canRemove ? (
                <button
                  type="button"
                  className={s.remove}
                  aria-label={`Remove ${f.name}`}
                  disabled={removeFile.isPending && removeFile.variables === f._id}
                  onClick={() => removeFile.mutate(f._id)}
                >
                  <Cross />
                </button>
              ) : null}
            </li>
          ))}
          {uploads.items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onRetry={() => uploads.retry(item.id)}
              onRemove={() => uploads.remove(item.id)}
            />
          ))}
        </ul>
      ) : (
        <p className={s.empty}>No files yet.</p>
      )}
      {removeFile.isError ? (
        <p role="alert" className={s.error}>
          {removeFile.error.message}
        </p>
      ) : null}
    </div>
  );
}

function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className={s.row} data-status={item.status}>
      <div className={s.info}>
        <span className={s.name}>{item.name}</span>
        <span className={s.meta}>
          {formatFileSize(item.file.size)} ·{' '}
          {item.status === 'loading' ? (
            <span role="status">Loading {percent}%</span>
          ) : item.status === 'waiting' ? (
            'Waiting…'
          ) : item.status === 'failed' ? (
            <span className={s.failed}>Upload failed</span>
          ) : (
            <span className={s.failed} role="alert">
              {item.message}
            </span>
          )}
        </span>
        {item.status === 'loading' || item.status === 'waiting' ? (
          <progress
            className={s.progress}
            max={1}
            value={item.progress}
            aria-label={`${item.name} uploading`}
          />
        ) : null}
        {item.status === 'failed' ? (
          <button type="button" className={s.reload} onClick={onRetry}>
            Reload file
          </button>
        ) : null}
      </div>
      <button type="button" className={s.remove} aria-label={`Remove ${item.name}`} onClick={onRemove}>
        <Cross />
      </button>
    </li>
  );
}

function Cross() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.cross}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
