import { LOCKED_FILE_TEXT } from '@geekly/domain/orders/geek-files.ts';
import { Link } from 'react-router';
import type { OrderFile } from '../api/get-order-files.ts';
import { downloadAllHref, fileDownloadHref } from '../api/get-order-files.ts';
import { formatFileSize } from './file-size.ts';
import s from './geek-files-list.module.css';

/** The docs/product/files.md Geek file types, as the client reads them. */
const TYPE_LABELS: Record<string, string> = {
  file_final_draft: 'Final draft',
  file_final_draft_comment: 'Comments',
  file_final_draft_proofread: 'Proofread version',
  file_draft_paper: 'Draft',
  plagreport_file_final_draft: 'Plagiarism report',
};

type Props = {
  orderId: string;
  files: OrderFile[];
  fullyPaid: boolean;
  /** Called after a download starts, with whether it was the file's first. */
  onDownload: (file: OrderFile) => void;
  onDownloadAll: () => void;
};

/** docs/product/files.md 'Files from a Geek': each file, locked until full payment, with its downloaded mark. */
export function GeekFilesList({ orderId, files, fullyPaid, onDownload, onDownloadAll }: Props) {
  const downloadable = files.filter((f) => !f.locked);
  return (
    <div className={s.wrap}>
      {fullyPaid ? (
        <p className={s.paid}>The task is fully paid: your files are ready to download.</p>
      ) : (
        <p className={s.unpaid}>
          The task is not fully paid yet. <Link to={`/order/${orderId}`}>Pay the rest on the task page</Link>
        </p>
      )}
      {files.length === 0 ? (
        <p className={s.empty}>Your Geek has not sent any files yet.</p>
      ) : (
        <ul className={s.list} aria-label="Files from a Geek">
          {files.map((f) => (
            <li key={f._id} className={s.row}>
              <div className={s.info}>
                <span className={s.name}>{f.name}</span>
                <span className={s.meta}>
                  {TYPE_LABELS[f.type] ?? 'File'} · {formatFileSize(f.size)}
                  {f.downloaded ? <span className={s.downloaded}> · Downloaded</span> : null}
                </span>
                {f.locked ? <span className={s.locked}>{LOCKED_FILE_TEXT}</span> : null}
              </div>
              {f.locked ? (
                <svg className={s.lock} viewBox="0 0 24 24" role="img" aria-label="Locked">
                  <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
                </svg>
              ) : (
                <a
                  className={s.download}
                  href={fileDownloadHref(orderId, f._id)}
                  download={f.name}
                  aria-label={`Download ${f.name}`}
                  onClick={() => onDownload(f)}
                >
                  Download
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {downloadable.length > 0 ? (
        <a className={s.all} href={downloadAllHref(orderId)} download onClick={onDownloadAll}>
          Download all files
        </a>
      ) : null}
    </div>
  );
}
