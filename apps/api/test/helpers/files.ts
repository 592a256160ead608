import { call, type TestApp } from './test-app.ts';

export type Presigned = { url: string; fields: Record<string, string>; location: string; expires_at: string };

/** A small PDF-looking body of `size` bytes. */
export const pdfBytes = (size = 1024, fill = 'x') =>
  Buffer.from(`%PDF-1.4\n${fill.repeat(Math.max(0, size - 9))}`);

/** Asks for a presigned POST, as the client (or, with `ops`, the operator API). */
export async function presign(
  t: TestApp,
  token: string,
  orderId: string,
  file: { name: string; size: number; type?: string; context?: string },
  opts: { ops?: boolean } = {},
) {
  return call(t, {
    url: `${opts.ops ? '/ops' : ''}/orders/${orderId}/uploads`,
    token,
    body: { type: 'application/pdf', ...file },
  });
}

/** The multipart form S3's POST-object protocol takes: every field, then `file`. */
export async function multipartForm(fields: Record<string, string>, bytes: Buffer, fileName = 'upload.bin') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = new Response(form);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type') ?? '',
  };
}

/** Posts the file to the embedded storage through the app (the browser's step), answers the status. */
export async function postToLocalStorage(t: TestApp, post: Pick<Presigned, 'url' | 'fields'>, bytes: Buffer) {
  const { body, contentType } = await multipartForm(post.fields, bytes);
  const url = new URL(post.url);
  const res = await t.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    payload: body,
    headers: { 'content-type': contentType },
  });
  return { status: res.statusCode, body: res.body };
}

/** Presign, upload and attach one file; answers the attached OrderFile. */
export async function uploadClientFile(
  t: TestApp,
  token: string,
  orderId: string,
  name = 'essay.pdf',
  bytes = pdfBytes(),
) {
  const signed = await presign(t, token, orderId, { name, size: bytes.length });
  if (signed.status !== 201)
    throw new Error(`presign failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  const stored = await postToLocalStorage(t, signed.body, bytes);
  if (stored.status !== 204) throw new Error(`upload failed: ${stored.status} ${stored.body}`);
  const attached = await call(t, {
    url: `/orders/${orderId}/files`,
    token,
    body: { files: [{ location: signed.body.location, name, size: bytes.length, type: 'application/pdf' }] },
  });
  if (attached.status !== 201)
    throw new Error(`attach failed: ${attached.status} ${JSON.stringify(attached.body)}`);
  return attached.body.attached_files[0] as { _id: string; name: string } & Record<string, unknown>;
}

/** The operator uploads a Geek file (a final draft unless told) to the task. */
export async function uploadGeekFile(
  t: TestApp,
  ops: string,
  orderId: string,
  opts: {
    name?: string;
    type?: string;
    bytes?: Buffer;
    plag_status?: string;
    plag_level?: number;
    override_pgch?: boolean;
  } = {},
) {
  const { name = 'final-draft.pdf', type = 'file_final_draft', bytes = pdfBytes(2048, 'g'), ...plag } = opts;
  const signed = await presign(t, ops, orderId, { name, size: bytes.length }, { ops: true });
  if (signed.status !== 201)
    throw new Error(`ops presign failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  const stored = await postToLocalStorage(t, signed.body, bytes);
  if (stored.status !== 204) throw new Error(`ops upload failed: ${stored.status} ${stored.body}`);
  const attached = await call(t, {
    url: `/ops/orders/${orderId}/files`,
    token: ops,
    body: { files: [{ location: signed.body.location, name, size: bytes.length, type, ...plag }] },
  });
  if (attached.status !== 201)
    throw new Error(`ops attach failed: ${attached.status} ${JSON.stringify(attached.body)}`);
  return attached.body.attached_files[0] as { _id: string; name: string } & Record<string, unknown>;
}
