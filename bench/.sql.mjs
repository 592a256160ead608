const { openPostgres } = await import('../apps/api/src/db/database.ts');
const { queueRows } = await import('../apps/api/src/modules/ops/ops.repository.ts');
const d = await openPostgres(process.argv[2]);
const q = { all: false, group: process.argv[3] || undefined, deadlineBefore: new Date(Date.now() + 24 * 3600e3), limit: 200 };
const pool = d.db.$client;
const orig = pool.query;
pool.query = function (...args) {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : first.text;
  const values = Array.isArray(second) ? second : first.values ?? [];
  console.log(text.replace(/\$(\d+)/g, (_, i) => `'${values[i - 1]}'`) + ';');
  return orig.apply(this, args);
};
await queueRows(d.db, q);
await d.close();
