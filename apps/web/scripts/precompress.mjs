// Writes .br and .gz siblings of the built text files, so the API serves them compressed without
// compressing on every request (@fastify/static `preCompressed`, apps/api/src/plugins/web-app.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../build/client/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;
// Below this size a compressed copy saves less than its extra headers cost.
const MIN_BYTES = 1024;

let count = 0;
for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files (brotli and gzip) in ${root}`);
