import type { OrderFileView } from '@geekly/domain/files/file-schemas.ts';
import { filesContract } from '@geekly/domain/files/files-contract.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { StorageUploadError, uploadToStorage } from '../../../lib/storage-upload.ts';

export type AttachedFile = OrderFileView;

/**
 * A revision attachment (docs/product/http-api.md): presigned by the API with context 'revision', posted straight to
 * storage, then attached to the task as a client_revision_request_file. Answers the attached file.
 */
export async function uploadRevisionFile(orderId: string, file: File): Promise<AttachedFile> {
  const params = { id: orderId };
  const uploaded = await uploadToStorage(file, (signed) =>
    apiCall(filesContract.presign, { params, body: { ...signed, context: 'revision' } }),
  ).catch((err: unknown) => {
    if (err instanceof StorageUploadError)
      throw new Error('The file could not be uploaded. Please try again.');
    throw err;
  });
  const attached = await apiCall(filesContract.attach, { params, body: { files: [uploaded] } });
  const [first] = attached.attached_files;
  if (!first) throw new Error('The file could not be attached. Please try again.');
  return first;
}

/** GET /orders/{id}/files, the revision's attachments only ('Show my request'). */
export const getRevisionFiles = async (orderId: string) =>
  (await apiCall(filesContract.list, { params: { id: orderId } })).files.filter(
    (f) => f.type === 'client_revision_request_file',
  );
