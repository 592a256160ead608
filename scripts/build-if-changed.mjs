// `npm run build` always builds; `npm start` builds the web app only when its sources changed since the last build: a hash of every source
// file's path and content (the web app, the domain package it imports, the lock file) is kept beside the build.
// A cheaper stamp sits beside it (decision 034): every source's path, size and modification time. When that
// matches, the sources are not read at all; when only it differs (a file touched, a checkout), the content hash
// decides and the stamp is renewed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const buildDir = join(root, 'apps/web/build');
const stampFile = join(buildDir, '.source-hash');
const statStampFile = join(buildDir, '.source-stat');
const SKIP = new Set(['node_modules', 'build', '.react-router']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

const sources = () =>
  [...files(join(root, 'apps/web')), ...files(join(root, 'packages/domain/src'))]
    .sort()
    .concat(join(root, 'package-lock.json'));

function contentHash(list) {
  const hash = createHash('sha256');
  for (const file of list)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function statHash(list) {
  const hash = createHash('sha256');
  for (const file of list) {
    const s = statSync(file);
    hash.update(`${relative(root, file)}\0${s.size}\0${s.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

const readStamp = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);

/**
 * Whether the web build is missing or older than its sources; `record()` writes the stamps of the sources as
 * they are now (after a build, or when only the cheap stamp was stale).
 */
export function webBuildState() {
  const list = sources();
  const stat = statHash(list);
  let content;
  const record = () => {
    content ??= contentHash(list);
    writeFileSync(stampFile, `${content}\n`);
    writeFileSync(statStampFile, `${stat}\n`);
  };
  if (!existsSync(join(buildDir, 'client/index.html'))) {
    content = contentHash(list); // the sources the build will read, before it reads them
    return { stale: true, record };
  }
  if (readStamp(statStampFile) === stat) return { stale: false, record };
  content = contentHash(list);
  if (readStamp(stampFile) !== content) return { stale: true, record };
  record();
  return { stale: false, record };
}

/** Builds the web app in a child process (`npm run build -w @geekly/web`); resolves when done, rejects on failure. */
export function buildWebApp(state = webBuildState()) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@geekly/web'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the web build failed (exit ${code})`));
      state.record();
      resolve();
    });
  });
}

export const UNCHANGED = 'Web app unchanged since the last build: not rebuilding (npm run build forces one).';

if (import.meta.main) {
  const state = webBuildState();
  if (!process.argv.includes('--force') && !state.stale) {
    console.log(UNCHANGED);
  } else {
    await buildWebApp(state).catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
  }
}
