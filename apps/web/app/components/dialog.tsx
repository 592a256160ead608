import { type ReactNode, useEffect, useId, useRef } from 'react';
import s from './dialog.module.css';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean;
};

/** A modal popup on the native <dialog>: focus is trapped, Escape and the close button call onClose. */
export function Dialog({ title, onClose, children, hideTitle }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={s.body}>
        <div className={s.head}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : s.title}>
            {title}
          </h2>
          <button type="button" className={s.close} aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
