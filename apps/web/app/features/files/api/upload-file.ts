import type { UploadContext } from '@geekly/domain/files/file-schemas.ts';
import { api } from '../../../lib/api-client.ts';
import type { Presigned } from '../../../lib/storage-upload.ts';
import type { OrderFile } from './get-order-files.ts';

export type UploadedRecord = { location: string; name: string; size: number; type: string };

/** POST /orders/{id}/uploads: a presigned POST for one file (422 with the reason when refused). */
export const presignUpload = (
  orderId: string,
  file: { name: string; size: number; type: string; context: UploadContext },
) => api<Presigned>(`/orders/${encodeURIComponent(orderId)}/uploads`, { body: file });

/** POST /orders/{id}/files: records uploaded objects on the task. */
export const attachFiles = (orderId: string, files: UploadedRecord[]) =>
  api<{ attached_files: OrderFile[] }>(`/orders/${encodeURIComponent(orderId)}/files`, { body: { files } });
