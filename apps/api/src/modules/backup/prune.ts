import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type BackupIndex, INDEX } from './backup.ts';

type Retention = { daily: number; weekly: number };

/** Monday of the ISO week of `d` (UTC), as YYYY-MM-DD: backups of one week share it. */
function weekOf(d: Date): string {
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Decision 060: which backups to keep — the newest of each of the `daily` newest days that have one, and the
 * newest of each of the `weekly` newest weeks — given each backup's name and time, newest first or not.
 */
export function backupsToKeep(backups: { name: string; at: Date }[], keep: Retention): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  for (const [period, count] of [
    [(d: Date) => d.toISOString().slice(0, 10), keep.daily],
    [weekOf, keep.weekly],
  ] as const) {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const p = period(b.at);
      if (seen.has(p)) continue;
      if (seen.size >= count) break;
      seen.add(p);
      kept.add(b.name);
    }
  }
  return kept;
}

/**
 * Deletes the backups under `root` that `keep` does not keep, then the stored objects no remaining backup names.
 * A folder without a readable index (a backup cut short, or not one of ours) is left alone.
 */
export async function pruneBackups(root: string, keep: Retention) {
  const backups: { name: string; at: Date; index: BackupIndex }[] = [];
  for (const name of await readdir(root)) {
    if (!name.startsWith('geekly-')) continue;
    const index = await readFile(join(root, name, INDEX), 'utf8')
      .then((t) => JSON.parse(t) as BackupIndex)
      .catch(() => null);
    if (index?.createdAt) backups.push({ name, at: new Date(index.createdAt), index });
  }
  const kept = backupsToKeep(backups, keep);
  const removed: string[] = [];
  for (const b of backups)
    if (!kept.has(b.name)) {
      await rm(join(root, b.name), { recursive: true, force: true });
      removed.push(b.name);
    }
  const named = new Set(
    backups.filter((b) => kept.has(b.name)).flatMap((b) => b.index.objects.map((o) => o.o)),
  );
  const objectsDir = join(root, 'objects');
  let objectsRemoved = 0;
  for (const file of await readdir(objectsDir).catch(() => [] as string[])) {
    const sha = file.replace(/\.age$/, '');
    if (/^[0-9a-f]{64}$/.test(sha) && !named.has(sha)) {
      await rm(join(objectsDir, file), { force: true });
      objectsRemoved++;
    }
  }
  return { kept: [...kept].sort(), removed: removed.sort(), objectsRemoved };
}
