// The code's boundaries (decision 062), checked on every `npm test` as part of the lint stage:
//   - the domain package imports nothing but zod and itself;
//   - a web feature (apps/web/app/features/X) does not import another feature, and components/ and lib/ import
//     no feature: what two features share lives in the shared layer or is composed in a route;
//   - an API module (apps/api/src/modules/X) never imports another module's repository (`*.repository.ts`):
//     it calls that module's use cases;
//   - the API's module graph has no cycle.
// What the code did before these rules is listed in scripts/boundaries-baseline.json. A violation that is not
// listed fails the run, and so does a listed one that no longer exists (the list only shrinks: delete the line).
// A cycle edge fails the run even when listed: the graph became acyclic (decision 068), so none may come back.
// `BOUNDARIES_ROOT` checks another tree than this repository (the check's own test).
// `node scripts/check-boundaries.mjs --write-baseline` writes the list anew; `--report` prints the counts.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = process.env.BOUNDARIES_ROOT ?? resolve(dirname(new URL(import.meta.url).pathname), '..');
const baselinePath = join(root, 'scripts/boundaries-baseline.json');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?:[^'"`;]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/** Every import of a file, resolved to a path inside the repository when it is relative or `@geekly/domain`. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) out.push({ spec, path: relative(root, resolve(dirname(file), spec)) });
    else if (spec.startsWith('@geekly/domain/')) {
      out.push({ spec, path: `packages/domain/src/${spec.slice('@geekly/domain/'.length)}` });
    } else out.push({ spec, path: null });
  }
  return out;
}

const segment = (path, prefix) => (path?.startsWith(prefix) ? path.slice(prefix.length).split('/')[0] : null);

function violations() {
  const found = [];
  // The domain: zod only.
  for (const file of files(join(root, 'packages/domain/src'))) {
    for (const { spec, path } of importsOf(file)) {
      if (path === null && spec !== 'zod' && !spec.startsWith('zod/')) {
        found.push(`domain-import ${relative(root, file)} -> ${spec}`);
      }
    }
  }
  // The web app's features.
  const web = 'apps/web/app/';
  for (const file of files(join(root, web))) {
    const from = relative(root, file);
    const fromFeature = segment(from, `${web}features/`);
    const inShared = from.startsWith(`${web}components/`) || from.startsWith(`${web}lib/`);
    for (const { path } of importsOf(file)) {
      const toFeature = segment(path, `${web}features/`);
      if (!toFeature) continue;
      if (fromFeature && toFeature !== fromFeature) found.push(`web-feature ${from} -> ${path}`);
      if (inShared) found.push(`web-shared ${from} -> ${path}`);
    }
  }
  // The API's modules.
  const api = 'apps/api/src/modules/';
  const edges = new Map();
  for (const file of files(join(root, api))) {
    const from = relative(root, file);
    const fromModule = segment(from, api);
    for (const { path } of importsOf(file)) {
      const toModule = segment(path, api);
      if (!toModule || toModule === fromModule) continue;
      if (/\.repository\.(ts|mts)$/.test(path)) found.push(`api-repository ${from} -> ${path}`);
      if (!edges.has(fromModule)) edges.set(fromModule, new Set());
      edges.get(fromModule).add(toModule);
    }
  }
  for (const [a, b] of cyclicEdges(edges)) found.push(`api-cycle ${a} -> ${b}`);
  return [...new Set(found)].sort();
}

/** The module edges that lie on a cycle: both ends in one strongly connected component (Tarjan). */
function cyclicEdges(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (!component.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      for (let w = stack.pop(); ; w = stack.pop()) {
        component.set(w, v);
        if (w === v) break;
      }
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  const out = [];
  for (const [a, targets] of edges) {
    for (const b of targets) if (component.get(a) === component.get(b)) out.push([a, b]);
  }
  return out;
}

const found = violations();
const args = new Set(process.argv.slice(2));
const isCycle = (v) => v.startsWith('api-cycle ');
if (args.has('--write-baseline')) {
  // A cycle is never recorded: it fails the run whatever the list says.
  const known = found.filter((v) => !isCycle(v));
  writeFileSync(baselinePath, `${JSON.stringify(known, null, 2)}\n`);
  console.log(`boundaries: ${known.length} known violations written to ${relative(root, baselinePath)}`);
  if (known.length < found.length) console.error('boundaries: cycle edges are not recorded; see --report');
  process.exit(0);
}
const baseline = new Set(existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : []);
const kinds = (list) =>
  Object.entries(
    list.reduce((acc, v) => {
      const kind = v.split(' ')[0];
      acc[kind] = (acc[kind] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';
if (args.has('--report')) {
  console.log(`boundaries: ${found.length} violations (${kinds(found)})`);
  for (const v of found) console.log(`  ${v}`);
  process.exit(0);
}
const added = found.filter((v) => !baseline.has(v) || isCycle(v));
const gone = [...baseline].filter((v) => !found.includes(v));
for (const v of added)
  console.error(`boundaries: ${isCycle(v) ? 'a cycle of the API modules' : 'new violation'}: ${v}`);
for (const v of gone)
  console.error(`boundaries: fixed, delete it from scripts/boundaries-baseline.json: ${v}`);
if (added.length > 0 || gone.length > 0) {
  console.error('boundaries: see decisions 062 and 068 for the rules');
  process.exit(1);
}
console.log(`boundaries: no new violation (${baseline.size} known: ${kinds(found)})`);
