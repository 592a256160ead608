// `npm run build` always builds; `npm start` builds the web app only when its sources changed since the last build: a hash of every source
// file's path and content (the web app, the domain package it imports, the lock file) is kept beside the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const buildDir = join(root, 'apps/web/build');
const stampFile = join(buildDir, '.source-hash');
const SKIP = new Set(['node_modules', 'build', '.react-router']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

const hash = createHash('sha256');
const sources = [...files(join(root, 'apps/web')), ...files(join(root, 'packages/domain/src'))].sort();
for (const file of [...sources, join(root, 'package-lock.json')]) {
  hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
}
const digest = hash.digest('hex');

const built = existsSync(join(buildDir, 'client/index.html')) && existsSync(stampFile);
const force = process.argv.includes('--force');
if (!force && built && readFileSync(stampFile, 'utf8').trim() === digest) {
  console.log('Web app unchanged since the last build: not rebuilding (npm run build forces one).');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@geekly/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
}
