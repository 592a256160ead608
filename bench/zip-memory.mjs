// Memory of the streamed zip (issue 12, decision 015): 100 files of 5 MB zipped through the API's zipStream into
// a sink, sampling the process's RSS and heap every 20 ms. Not part of `npm test`: run it with
// `npm run bench:zip-memory`. The files are read through the local storage adapter, as the API does.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLocalStorage } from '../apps/api/src/adapters/storage/local-storage.ts';
import { zipStream } from '../apps/api/src/modules/files/download-all.ts';

const FILES = 100;
const SIZE = 5 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'geekly-zip-bench-'));
const mb = (n) => (n / 1024 / 1024).toFixed(1);

try {
  const storage = createLocalStorage({
    dir,
    secret: 'bench',
    publicUrl: 'http://localhost',
    now: () => new Date(),
  });
  const body = randomBytes(SIZE);
  const files = [];
  for (let i = 0; i < FILES; i++) {
    const key = `orders/bench/user/geek/${i}/file-${i}.pdf`;
    // The local adapter's layout: the object under the SHA-256 of its key, with its metadata beside it.
    const path = join(dir, createHash('sha256').update(key).digest('hex'));
    writeFileSync(path, body);
    writeFileSync(
      `${path}.json`,
      JSON.stringify({
        key,
        size: SIZE,
        contentType: 'application/pdf',
        uploadedAt: new Date().toISOString(),
      }),
    );
    files.push({ location: key, name: `file-${i}.pdf`, size: SIZE, createdAt: new Date() });
  }
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  let bytes = 0;
  const started = performance.now();
  await pipeline(
    zipStream(storage, files),
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  clearInterval(timer);
  const ms = performance.now() - started;
  console.log(`zip of ${FILES} files × ${mb(SIZE)} MB: ${mb(bytes)} MB in ${(ms / 1000).toFixed(1)} s`);
  console.log(`RSS before ${mb(before.rss)} MB, peak ${mb(peakRss)} MB (+${mb(peakRss - before.rss)} MB)`);
  console.log(
    `heap before ${mb(before.heapUsed)} MB, peak ${mb(peakHeap)} MB (+${mb(peakHeap - before.heapUsed)} MB)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
