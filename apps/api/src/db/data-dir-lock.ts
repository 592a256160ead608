import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// PGlite is one connection in one process: a second process on the same data directory would
// silently lose writes. The lock file holds the owner's pid; a stale one (dead pid) is taken over.
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'geekly.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by another Geekly process (pid ${owner}).\n` +
            'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${path}`);
}
