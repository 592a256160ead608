const { openPostgres } = await import('../apps/api/src/db/database.ts');
const { keptQueueCounts, countQueueGroups } = await import('../apps/api/src/modules/ops/ops.repository.ts');
const d = await openPostgres(process.argv[2]);
const deadlineBefore = new Date('2030-01-01T00:00:00Z');
const pool = d.db.$client;
const orig = pool.query;
pool.query = function (...args) {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : first.text;
  const values = Array.isArray(second) ? second : first.values ?? [];
  console.log(text.replace(/\$(\d+)/g, (_, i) => `'${values[i - 1]}'`) + ';');
  return orig.apply(this, args);
};
await countQueueGroups(d.db, { all: false, deadlineBefore, limit: 200 });
await keptQueueCounts(d.db, deadlineBefore);
await d.close();
