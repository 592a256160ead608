import { sanitizeFileName } from '@geekly/domain/files/file-name.ts';
import { api } from '../../../lib/api-client.ts';

export type AttachedFile = { _id: string; name: string; size: number; type: string };
type Presigned = { url: string; fields: Record<string, string>; location: string };

/**
 * A revision attachment (docs/product/http-api.md): presigned by the API with context 'revision', posted straight to
 * storage, then attached to the task as a client_revision_request_file. Answers the attached file.
 */
export async function uploadRevisionFile(orderId: string, file: File): Promise<AttachedFile> {
  const id = encodeURIComponent(orderId);
  const name = sanitizeFileName(file.name) || 'file';
  const type = file.type || 'application/octet-stream';
  const signed = await api<Presigned>(`/orders/${id}/uploads`, {
    body: { name, size: file.size, type, context: 'revision' },
  });
  const form = new FormData();
  for (const [key, value] of Object.entries(signed.fields)) form.append(key, value);
  form.append('file', file, name);
  const stored = await fetch(signed.url, { method: 'POST', body: form });
  if (!stored.ok) throw new Error('The file could not be uploaded. Please try again.');
  const attached = await api<{ attached_files: AttachedFile[] }>(`/orders/${id}/files`, {
    body: { files: [{ location: signed.location, name, size: file.size, type }] },
  });
  const [first] = attached.attached_files;
  if (!first) throw new Error('The file could not be attached. Please try again.');
  return first;
}

/** GET /orders/{id}/files, the revision's attachments only ('Show my request'). */
export const getRevisionFiles = async (orderId: string) =>
  (await api<{ files: AttachedFile[] }>(`/orders/${encodeURIComponent(orderId)}/files`)).files.filter(
    (f) => f.type === 'client_revision_request_file',
  );
