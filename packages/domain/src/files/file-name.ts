// docs/product/files.md: uploaded file names keep only letters, digits, ! - _ . * ' ( ) and space; repeated spaces are
// collapsed; names are decoded repeatedly first.

/** Enough for any honest multiple encoding; stops a hostile name from keeping the loop busy. */
const MAX_DECODE_ROUNDS = 10;

const FALLBACK_NAME = 'file';

/**
 * Decodes each run of %XX escapes on its own, so a stray '%' ('100% done') does not stop the valid escapes
 * around it from decoding; a run that is not valid UTF-8 stays as it is.
 */
function decodeOnce(name: string): string {
  return name.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function decodeRepeatedly(name: string): string {
  let current = name;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * '%252Fetc%252Fpasswd' -> 'etcpasswd', 'my  <b>file</b>.pdf' -> 'my bfileb.pdf'.
 * Combining marks (\p{M}) count as part of letters: after NFC most accents are precomposed, but scripts like
 * Devanagari write vowels as marks, and dropping them would garble the name. A name left empty, or made only of
 * dots ('.', '..' would read as path segments in the storage key), becomes 'file'.
 */
export function sanitizeFileName(name: string): string {
  const cleaned = decodeRepeatedly(name)
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}!\-_.*'() ]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return /^\.*$/.test(cleaned) ? FALLBACK_NAME : cleaned;
}
