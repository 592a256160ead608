import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import s from './account.module.css';

/** docs/product/account.md "Profile": the confirm popup on every way out while something is unsaved. */
export function UnsavedChangesDialog(props: {
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
  onStay: () => void;
}) {
  return (
    <Dialog title="You have unsaved changes." onClose={props.onStay}>
      <p className={s.dialogText}>Do you want to save these changes?</p>
      <div className={s.dialogActions}>
        <Button type="button" variant="secondary" onClick={props.onDiscard} disabled={props.saving}>
          No, thanks
        </Button>
        <Button type="button" onClick={props.onSave} busy={props.saving}>
          Yes, save changes
        </Button>
      </div>
    </Dialog>
  );
}
