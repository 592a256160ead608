import { HowItWorksDialog } from '../components/public-footer.tsx';
import { TeacherContactDialog } from '../features/applications/components/teacher-contact-dialog.tsx';
import { mountInBody } from './mount.ts';

// The popups a public page opens from a button (decision 033): loaded on the click, one at a time, each
// closing as the app's do (Escape, the close button) and leaving nothing behind.

let close: (() => void) | null = null;

function open(render: (onClose: () => void) => preact.ComponentChild) {
  close?.();
  const unmount = mountInBody(
    render(() => {
      unmount();
      close = null;
    }),
  );
  close = unmount;
}

/** docs/product/public-site.md: the footer's How it works popup. */
export const openHowItWorks = () => open((onClose) => <HowItWorksDialog onClose={onClose} />);

/** docs/product/public-site.md: /for-teachers' beta sign-up and institution application. */
export const openTeacherDialog = (kind: 'teacher' | 'institution') =>
  open((onClose) => <TeacherContactDialog kind={kind} onClose={onClose} />);
