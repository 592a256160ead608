import s from './mini-order-form.module.css';
import { TaskDraftFields } from './task-draft-fields.tsx';
import { useTaskDraftForm } from './use-task-draft-form.ts';

/** Seed 000 §2/§5 "Mini order form": validated on submit, then live once both fields have content. */
export function MiniOrderForm() {
  // The list reloads with the new task (useCreateOrder); the form empties for the next one.
  const form = useTaskDraftForm((_created, reset) => reset());
  return (
    <form className={s.form} onSubmit={form.submit} noValidate aria-label="Add new task">
      <TaskDraftFields form={form} />
    </form>
  );
}
