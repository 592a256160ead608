/** Whether an error (or one it wraps: the ORM wraps the driver's) is PostgreSQL's unique violation, 23505. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
