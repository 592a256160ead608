const { openPostgres } = await import('../apps/api/src/db/database.ts');
const { seedReferenceData } = await import('../apps/api/src/db/seed.ts');
const d = await openPostgres(process.argv[2]);
await d.migrate(() => seedReferenceData(d.db), { log: (l) => console.log(l) });
await d.close();
