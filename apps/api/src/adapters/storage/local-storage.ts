import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { MAX_FILE_BYTES } from '@geekly/domain/files/file-limits.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachmentDisposition, type FileStorage, type StoredObject } from './file-storage.ts';

// The embedded storage (decision 015): objects on disk under DATA_DIR/storage, served by this process with S3's
// POST-object protocol, so the browser code is the same as with S3. A policy signed by the API names the exact
// key, content type, size range and expiry; an upload that breaks it is refused and stores nothing. Downloads
// need a signed, short-lived address.

const UPLOAD_PATH = '/storage/upload';
const OBJECT_PATH = '/storage/object';

type Policy = {
  expiration: string;
  conditions: [{ key: string }, { 'Content-Type': string }, ['content-length-range', number, number]];
};
/** `etag` is drawn for each object stored (objects from before it had none). */
type Meta = { key: string; size: number; contentType: string; uploadedAt: string; etag?: string };

/** Fields the browser sends besides what the policy names. */
const UNSIGNED_FIELDS = new Set(['policy', 'x-geekly-signature', 'file']);

class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function createLocalStorage(opts: {
  dir: string;
  secret: string;
  publicUrl: string;
  now: () => Date;
}): FileStorage {
  const hmac = (text: string) => createHmac('sha256', opts.secret).update(text).digest('base64url');
  const sameSignature = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  // Keys become file names through a hash: no key, however odd, reaches the file system as a path.
  const pathOf = (key: string) => join(opts.dir, createHash('sha256').update(key).digest('hex'));
  const base = opts.publicUrl.replace(/\/$/, '');
  const downloadSignature = (key: string, expires: string, name: string, type: string) =>
    hmac(`get\n${key}\n${expires}\n${name}\n${type}`);

  async function readMeta(key: string): Promise<Meta | null> {
    try {
      return JSON.parse(await readFile(`${pathOf(key)}.json`, 'utf8')) as Meta;
    } catch {
      return null;
    }
  }

  /** Checks the form's fields against its signed policy; answers the policy's terms. */
  function checkPolicy(fields: Map<string, string>) {
    const policyText = fields.get('policy') ?? '';
    const signature = fields.get('x-geekly-signature') ?? '';
    if (!policyText || !sameSignature(hmac(policyText), signature))
      throw new Refusal(403, 'The upload policy signature does not match');
    let policy: Policy;
    try {
      policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as Policy;
    } catch {
      throw new Refusal(403, 'The upload policy is not readable');
    }
    if (new Date(policy.expiration).getTime() <= opts.now().getTime())
      throw new Refusal(403, 'The upload policy has expired');
    const [{ key }, { 'Content-Type': contentType }, [, min, max]] = policy.conditions;
    if (fields.get('key') !== key) throw new Refusal(403, 'The key is not the one the policy allows');
    if (fields.get('Content-Type') !== contentType)
      throw new Refusal(403, 'The content type is not the one the policy allows');
    for (const name of fields.keys())
      if (!UNSIGNED_FIELDS.has(name) && name !== 'key' && name !== 'Content-Type')
        throw new Refusal(403, `The field ${name} is not allowed by the policy`);
    return { key, contentType, min, max };
  }

  async function receive(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { files: 1, fields: 10, fieldSize: 16 * 1024, fileSize: MAX_FILE_BYTES + 1, parts: 12 },
    });
    app.post(UPLOAD_PATH, { schema: { hide: true } }, async (request, reply) => {
      const fields = new Map<string, string>();
      const tmp = join(opts.dir, `.upload-${randomUUID()}`);
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          // S3 reads the fields before the file; whatever comes after the file is ignored, as there.
          const terms = checkPolicy(fields);
          let size = 0;
          const counter = new Transform({
            transform(chunk: Buffer, _enc, done) {
              size += chunk.length;
              if (size > terms.max)
                done(new Refusal(400, 'Your proposed upload exceeds the maximum allowed size'));
              else done(null, chunk);
            },
          });
          await mkdir(opts.dir, { recursive: true });
          await pipeline(part.file, counter, createWriteStream(tmp));
          if (size < terms.min)
            throw new Refusal(400, 'Your proposed upload is smaller than the minimum allowed size');
          const meta: Meta = {
            key: terms.key,
            size,
            contentType: terms.contentType,
            uploadedAt: opts.now().toISOString(),
            etag: randomUUID(),
          };
          // Decision 030: a signed key takes one upload. link() fails when the key already holds one, so a
          // second POST (even a concurrent one) can never replace bytes that were checked and attached.
          try {
            await link(tmp, pathOf(terms.key));
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'EEXIST')
              throw new Refusal(403, 'This upload was already received; ask for a new one');
            throw err;
          }
          await rm(tmp, { force: true });
          await writeFile(`${pathOf(terms.key)}.json`, JSON.stringify(meta));
          return reply.status(204).send();
        }
        throw new Refusal(400, 'The form has no file');
      } catch (err) {
        await rm(tmp, { force: true });
        return refuse(reply, err);
      }
    });

    app.get(OBJECT_PATH, { schema: { hide: true } }, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const { key = '', expires = '', name = '', type = '', signature = '' } = q;
      if (!sameSignature(downloadSignature(key, expires, name, type), signature))
        return refuse(reply, new Refusal(403, 'The download address is not signed'));
      if (!(Number(expires) > opts.now().getTime()))
        return refuse(reply, new Refusal(403, 'The download address has expired'));
      const meta = await readMeta(key);
      if (!meta) return refuse(reply, new Refusal(404, 'The object does not exist'));
      return reply
        .header('content-type', type || meta.contentType)
        .header('content-length', meta.size)
        .header('content-disposition', attachmentDisposition(name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(pathOf(key)));
    });
  }

  return {
    kind: 'local',
    uploadOrigins: [],
    routes: receive,
    async presignPost({ key, contentType, size, expiresAt }) {
      const policy: Policy = {
        expiration: expiresAt.toISOString(),
        conditions: [{ key }, { 'Content-Type': contentType }, ['content-length-range', size, size]],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
      return {
        url: `${base}${UPLOAD_PATH}`,
        fields: { key, 'Content-Type': contentType, policy: encoded, 'x-geekly-signature': hmac(encoded) },
      };
    },
    async head(key): Promise<StoredObject | null> {
      const meta = await readMeta(key);
      return meta
        ? {
            size: meta.size,
            contentType: meta.contentType,
            lastModified: new Date(meta.uploadedAt),
            etag: meta.etag ?? null,
          }
        : null;
    },
    async seal(key, etag) {
      // Nothing to copy: a key that holds an upload takes no other (see the upload route).
      const meta = await readMeta(key);
      return meta !== null && (meta.etag ?? null) === etag;
    },
    async signedDownloadUrl(key, { fileName, contentType, expiresAt }) {
      const expires = String(expiresAt.getTime());
      const params = new URLSearchParams({
        key,
        expires,
        name: fileName,
        type: contentType,
        signature: downloadSignature(key, expires, fileName, contentType),
      });
      return `${base}${OBJECT_PATH}?${params}`;
    },
    async put(key, body, contentType) {
      await mkdir(opts.dir, { recursive: true });
      const tmp = join(opts.dir, `.put-${randomUUID()}`);
      await writeFile(tmp, body);
      await rename(tmp, pathOf(key));
      const meta: Meta = {
        key,
        size: body.length,
        contentType,
        uploadedAt: opts.now().toISOString(),
        etag: randomUUID(),
      };
      await writeFile(`${pathOf(key)}.json`, JSON.stringify(meta));
    },
    async read(key) {
      // ENOENT, as the file system and callers that tell a missing object apart (backups) know it.
      if (!(await readMeta(key)))
        throw Object.assign(new Error(`object ${key} does not exist`), { code: 'ENOENT' });
      return createReadStream(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      await rm(`${pathOf(key)}.json`, { force: true });
    },
    async close() {},
  };
}

function refuse(reply: FastifyReply, err: unknown) {
  if (err instanceof Refusal) return reply.status(err.status).send({ detail: err.message });
  // Bad multipart, a policy that is not JSON, an aborted stream: the upload's fault, never a 5xx.
  const status = (err as { statusCode?: number }).statusCode;
  return reply
    .status(status && status >= 400 && status < 500 ? status : 400)
    .send({ detail: 'The upload was refused' });
}
