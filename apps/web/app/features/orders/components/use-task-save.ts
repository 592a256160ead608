import type { OrderEditBody } from '@geekly/domain/orders/order-form-schemas.ts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { LOGGED_ONLY_DETAIL } from '../../../lib/error-routing.ts';
import { useEditOrder } from '../api/edit-order.ts';

type TaskField = 'request_type' | 'size' | 'deadline' | 'details';
type TaskFieldErrors = Partial<Record<TaskField, string>>;

/**
 * The task form's saves: one PATCH at a time, in the order the user made them, so a later answer never loses
 * an earlier change. Field errors of a 422 go under their fields; another failure is one form-level text.
 */
export function useTaskSave(orderId: string) {
  const update = useEditOrder(orderId);
  const { mutateAsync } = update;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [running, setRunning] = useState(0);
  const [errors, setErrors] = useState<TaskFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useCallback(
    (patch: OrderEditBody): Promise<boolean> => {
      const fields = Object.keys(patch) as TaskField[];
      setRunning((n) => n + 1);
      const run = queue.current
        .then(() => mutateAsync(patch))
        .then(
          () => {
            setErrors((e) => withoutFields(e, fields));
            setFormError(null);
            return true;
          },
          (err: unknown) => {
            const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
            if (Object.keys(fieldErrors).length > 0) {
              setErrors((e) => ({ ...withoutFields(e, fields), ...fieldErrors }));
            } else if (err instanceof ApiError && err.status === 422 && err.text === LOGGED_ONLY_DETAIL) {
              // docs/product/public-site.md: only logged, which lib/error-routing.ts does for every call.
            } else {
              setFormError(err instanceof ApiError ? err.text : 'Unknown error');
            }
            return false;
          },
        )
        .finally(() => setRunning((n) => n - 1));
      queue.current = run;
      return run;
    },
    [mutateAsync],
  );

  return { save, saving: running > 0, errors, formError };
}

function withoutFields(errors: TaskFieldErrors, fields: readonly TaskField[]): TaskFieldErrors {
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
}
