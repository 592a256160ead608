/** The rows of `db.execute`: PGlite's driver answers an array, node-postgres's a result with `rows`. */
export const resultRows = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
