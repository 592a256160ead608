/**
 * Issue 27: a form sent with errors puts the focus on its first invalid field (each error is tied to its field
 * by aria-describedby, so the field is read with its error). Called from the submit handler: the errors render
 * first, then the focus moves.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  window.setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
