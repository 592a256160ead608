import { LandingTaskForm } from '../features/landing/components/landing-task-form.tsx';
import type { LandingTask } from '../features/landing/components/landing-task-validation.ts';
import { keepPendingOrder } from '../lib/pending-order.ts';
import { mountOver } from './mount.ts';
import { navigate } from './router-shim.tsx';

/** What LandingTaskForm's prerendered <form> carries in data-island-props (all but the callback). */
type FormProps = {
  label: string;
  id?: string;
  startOpen?: boolean;
  showTitle?: boolean;
  submitLabel?: string;
  requireBoth?: boolean;
};

/**
 * docs/product/public-site.md "Task form submit", logged out (a signed-in visitor's page runs the full app and its
 * useStartTask): the task is kept as the pending task and the sign-up popup opens; the auth island creates it
 * after sign-up (decision 011).
 */
async function startTask(task: LandingTask) {
  keepPendingOrder(task, window.location.pathname);
  navigate('/signup');
}

/** docs/product/public-site.md: a mini task form, over its prerendered markup. */
export function mountTaskForm(form: Element) {
  const props = JSON.parse(form.getAttribute('data-island-props') ?? '{}') as FormProps;
  mountOver(form, <LandingTaskForm {...props} onTask={startTask} />);
}
