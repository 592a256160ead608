import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Decision 060: backups are encrypted with `age` (Debian's `age` package) to the operator's public key
// (BACKUP_AGE_RECIPIENT); only the matching identity file, kept off the server, decrypts them.

/** The bytes every age file begins with. */
export const AGE_HEADER = 'age-encryption.org/v1';

export class AgeError extends Error {}

/** Streams `input` through `age` with `args`, into `outFile`. */
async function runAge(args: string[], input: Readable, outFile: string): Promise<void> {
  const child = spawn('age', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (e) =>
      reject(new AgeError(`age could not start (${e.message}): install it (Debian: apt-get install age)`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new AgeError(`age failed (exit ${code}): ${err.trim()}`)),
    );
  });
  await Promise.all([
    pipeline(input, child.stdin).catch(() => {}),
    pipeline(child.stdout, createWriteStream(outFile, { mode: 0o600 })),
    exited,
  ]);
}

/** Encrypts `input` to `recipient` into `outFile`. */
export const encryptTo = (recipient: string, input: Readable, outFile: string) =>
  runAge(['--encrypt', '--recipient', recipient], input, outFile);

/** Decrypts `inFile` with the identity file into `outFile`. */
export const decryptWith = (identityFile: string, inFile: string, outFile: string) =>
  runAge(['--decrypt', '--identity', identityFile], createReadStream(inFile), outFile);
