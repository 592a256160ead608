import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and seeded: each test file starts from it. */
    pgliteTemplate: string;
    /** On a PostgreSQL server run: a migrated and seeded database each test file's database is copied from. */
    serverTemplate: string;
  }
}

/**
 * Vitest global setup of the API project: migrates and seeds one database for the whole run, so a test file
 * copies it instead of running initdb and every migration again (most of a small file's time on PGlite).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'geekly-template-'));
    const database = await openPglite(undefined);
    await database.migrate();
    await seedReferenceData(database.db);
    const file = join(dir, 'pgdata.tar');
    writeFileSync(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('serverTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `geekly_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('serverTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
