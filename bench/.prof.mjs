const { openPostgres } = await import('/work/wt/scale2/apps/api/src/db/database.ts');
const { queueRows, keptQueueCounts, countQueueGroups } = await import('/work/wt/scale2/apps/api/src/modules/ops/ops.repository.ts');
const url = process.argv[2];
const d = await openPostgres(url);
const db = d.reportsDb ?? d.db;
const deadlineBefore = new Date(Date.now() + 24 * 3600e3);
for (const group of [undefined, 'refund', 'instructions', 'deadline', 'messages']) {
  const q = { all: false, group, deadlineBefore, limit: 200 };
  for (const [name, f] of [['rows', () => queueRows(db, q)], ['kept', () => keptQueueCounts(db, deadlineBefore)], ['counted', () => countQueueGroups(db, q)]]) {
    await f();
    const t0 = performance.now();
    let r;
    for (let i = 0; i < 20; i++) r = await f();
    console.log(group ?? 'whole', name, ((performance.now() - t0) / 20).toFixed(2), 'ms', Array.isArray(r) ? r.length : JSON.stringify(r));
  }
}
await d.close();
