import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';

/** 'essay.pdf', 'essay (2).pdf', …: a zip whose names repeat would hide files when unpacked. */
function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip of the objects, streamed: each object is opened only when the archive reaches it and flows through in
 * chunks, so memory stays flat whatever the number and size of the files (bench/zip-memory.mjs measures it).
 * Files are stored, not deflated: documents and images are compressed already, and storing costs no CPU.
 */
export function zipStream(
  storage: Pick<FileStorage, 'read'>,
  files: readonly { location: string; name: string; size: number; createdAt: Date }[],
  /** Bytes the server made (the account export's account.json), added first. */
  made: readonly { name: string; body: Buffer; mtime: Date }[] = [],
): Readable {
  const zip = new ZipFile();
  for (const m of made) zip.addBuffer(m.body, m.name, { mtime: m.mtime });
  const names = uniqueNames([...made.map((m) => m.name), ...files.map((f) => f.name)]).slice(made.length);
  files.forEach((f, i) => {
    zip.addReadStreamLazy(names[i] ?? f.name, { size: f.size, mtime: f.createdAt, compress: false }, (cb) => {
      storage.read(f.location).then(
        (stream) => cb(null, stream),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}
