// docs/product/tasks-and-pricing.md: the task type input suggests types, matched case-insensitively. The spec does not list them;
// these are the kinds of help the product offers (docs/product/tasks-and-pricing.md) and the usual assignment kinds.
const REQUEST_TYPES = [
  'Essay writing',
  'Research paper',
  'Assignment',
  'Homework help',
  'Proofreading',
  'Editing',
  'Presentation',
  'Bibliography',
  'Case study',
  'Lab report',
  'Book review',
  'Article review',
  'Annotated bibliography',
  'Literature review',
  'Problem solving',
  'Discussion post',
  'Outline',
  'Reflection paper',
] as const;

/** Suggestions containing the typed text (case-insensitive); all of them while nothing is typed. */
export function searchRequestTypes(query: string, types: readonly string[] = REQUEST_TYPES): string[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...types];
  return types.filter((t) => t.toLowerCase().includes(q));
}

/** docs/product/tasks-and-pricing.md: matches are highlighted from 7 typed characters. */
export const REQUEST_TYPE_HIGHLIGHT_MIN_CHARS = 7;
