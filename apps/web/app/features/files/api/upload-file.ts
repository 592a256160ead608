import type { UploadedFile, UploadRequest } from '@geekly/domain/files/file-schemas.ts';
import { filesContract } from '@geekly/domain/files/files-contract.ts';
import { apiCall } from '../../../lib/api-call.ts';

/** POST /orders/{id}/uploads: a presigned POST for one file (422 with the reason when refused). */
export const presignUpload = (orderId: string, file: UploadRequest) =>
  apiCall(filesContract.presign, { params: { id: orderId }, body: file });

/** POST /orders/{id}/files: records uploaded objects on the task. */
export const attachFiles = (orderId: string, files: UploadedFile[]) =>
  apiCall(filesContract.attach, { params: { id: orderId }, body: { files } });
