const { openPostgres } = await import('../apps/api/src/db/database.ts');
const { keptQueueCounts, countQueueGroups } = await import('../apps/api/src/modules/ops/ops.repository.ts');
const d = await openPostgres(process.argv[2]);
for (const h of [24, 0, 23.5, 48]) {
  const deadlineBefore = new Date(Date.now() + h * 3600e3);
  console.log(h, JSON.stringify(await keptQueueCounts(d.db, deadlineBefore)), JSON.stringify(await countQueueGroups(d.db, { all: false, deadlineBefore, limit: 200 })));
}
await d.close();
