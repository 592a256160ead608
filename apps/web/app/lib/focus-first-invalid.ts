/**
 * Issue 27: a form sent with errors puts the focus on its first invalid field (each error is tied to its field
 * by aria-describedby, so the field is read with its error). Called from the submit handler: the errors render
 * first, then the focus moves. `invalid` names what counts, in document order, when more than aria-invalid does.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, invalid = '[aria-invalid="true"]') {
  window.setTimeout(() => form?.querySelector<HTMLElement>(invalid)?.focus(), 0);
}
