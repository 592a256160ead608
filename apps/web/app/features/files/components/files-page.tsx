import type { ReactNode } from 'react';
import { Link } from 'react-router';
import s from './files-page.module.css';

/** The frame of the files pages (docs/product/files.md): a back icon to the task, the title, the content. */
export function FilesPage({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <div className={s.page}>
      <header className={s.head}>
        <Link to={backTo} className={s.back} aria-label="Back to the task">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </Link>
        <h1 className={s.title}>{title}</h1>
      </header>
      {children}
    </div>
  );
}
