import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Issue 27: a form sent with errors puts the focus on its first invalid field (each error is tied to its field
 * by aria-describedby, so the field is read with its error). Called from the submit handler: the errors render
 * first, then the focus moves. `invalid` names what counts, in document order, when more than aria-invalid does.
 */
export function focusFirstInvalid(form: HTMLElement | null, invalid = '[aria-invalid="true"]') {
  window.setTimeout(() => form?.querySelector<HTMLElement>(invalid)?.focus(), 0);
}

/**
 * focusFirstInvalid for errors that arrive after the submit handler returned (a server's answer, a save started
 * from a popup): `failed()` asks for it, and it runs once React has rendered the errors. The ref goes on the
 * form (or the element holding the fields).
 */
export function useFocusFirstInvalid<T extends HTMLElement>(invalid?: string) {
  const ref = useRef<T>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(ref.current, invalid);
  }, [failures, invalid]);
  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { ref, failed };
}
