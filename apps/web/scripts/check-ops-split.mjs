// Decision 021: the back office is code-split; no route outside /ops may load its code or react-aria-components.
// Decision 050: the same for the Geeks' workspace, whose modules no route outside /workspace may load.
// Run after `react-router build`; fails the build if a student route's chunks include back-office or workspace code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const assets = join(import.meta.dirname, '..', 'build', 'client', 'assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const manifestFile = files.find((f) => f.startsWith('manifest-'));
if (!manifestFile) throw new Error('no React Router manifest in build/client/assets');
const text = readFileSync(join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
// Chunks holding React Aria's components (their class names) or the back office's own modules.
const opsChunks = new Set(
  files.filter(
    (f) =>
      f.startsWith('ops-') || /react-aria-(Table|Select|Dialog)/.test(readFileSync(join(assets, f), 'utf8')),
  ),
);
const name = (p) => p.split('/').pop();
const leaks = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id.startsWith('routes/ops')) continue;
  for (const chunk of [route.module, ...(route.imports ?? [])].map(name))
    if (opsChunks.has(chunk)) leaks.push(`${route.id} loads ${chunk}`);
}
for (const chunk of (manifest.entry.imports ?? []).map(name))
  if (opsChunks.has(chunk)) leaks.push(`the entry loads ${chunk}`);
if (opsChunks.size === 0) leaks.push('no back-office chunk found: the check would pass vacuously');
// The workspace's contract is domain code the back office shares (applications, payouts, quality check).
const workspaceChunks = new Set(
  files.filter((f) => f.startsWith('workspace') && !f.startsWith('workspace-contract-')),
);
for (const route of Object.values(manifest.routes)) {
  if (route.id.startsWith('routes/workspace')) continue;
  for (const chunk of [route.module, ...(route.imports ?? [])].map(name))
    if (workspaceChunks.has(chunk)) leaks.push(`${route.id} loads ${chunk}`);
}
for (const chunk of (manifest.entry.imports ?? []).map(name))
  if (workspaceChunks.has(chunk)) leaks.push(`the entry loads ${chunk}`);
if (workspaceChunks.size === 0) leaks.push('no workspace chunk found: the check would pass vacuously');
if (leaks.length) {
  console.error(`Back-office or workspace code reaches other routes:\n  ${leaks.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `back office split: ${opsChunks.size} chunks, none loaded outside /ops; workspace: ${workspaceChunks.size} chunks, none loaded outside /workspace`,
);
