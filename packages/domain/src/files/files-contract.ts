import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import {
  attachFilesSchema,
  fileActionSchema,
  orderFileSchema,
  presignedPostSchema,
  uploadRequestSchema,
} from './file-schemas.ts';

// docs/product/http-api.md "Files": the student's file calls. Uploads go to storage; the API only signs and records
// them. The zip and the downloads are byte streams and redirects the browser follows by itself.

const orderParams = z.object({ id: z.string().max(100) });
const fileParams = orderParams.extend({ fileId: z.string().max(100) });

const attachedFilesSchema = z.object({ attached_files: z.array(orderFileSchema) });
const orderFilesSchema = z.object({ files: z.array(orderFileSchema) });

export const filesContract = {
  presign: endpoint({
    method: 'POST',
    path: '/orders/:id/uploads',
    summary:
      'A presigned POST for one file: post every field, then `file`, to `url`; a refused size or type is a 422 and nothing is signed; past the uploads per hour or the size per day, a 429 with Retry-After',
    params: orderParams,
    body: uploadRequestSchema,
    responses: { 201: presignedPostSchema },
    errors: [401, 404, 409, 422, 429],
  }),
  attach: endpoint({
    method: 'POST',
    path: '/orders/:id/files',
    summary:
      'Attach uploaded files to the task: only locations signed for this user and task whose objects arrived as signed',
    params: orderParams,
    body: attachFilesSchema,
    responses: { 201: attachedFilesSchema },
    errors: [401, 404, 409, 422],
  }),
  list: endpoint({
    method: 'GET',
    path: '/orders/:id/files',
    summary: "The client's files and the Geek files the rules let the client see (docs/product/files.md)",
    params: orderParams,
    responses: { 200: orderFilesSchema },
    errors: [401, 404],
  }),
  downloadAll: endpoint({
    method: 'GET',
    path: '/orders/:id/files/download_all',
    summary: 'A zip of every file the client may download now, streamed',
    params: orderParams,
    responses: { 200: z.any().describe('application/zip') },
    errors: [401, 404],
  }),
  download: endpoint({
    method: 'GET',
    path: '/orders/:id/files/:fileId/download',
    summary:
      'Redirects to a short-lived signed address of the file; a Geek file before full payment is a 403',
    params: fileParams,
    responses: { 302: z.null() },
    errors: [401, 403, 404],
  }),
  remove: endpoint({
    method: 'POST',
    path: '/orders/:id/files/:fileId',
    summary: "Remove one of the client's files; refused once the task is paid (docs/product/files.md)",
    params: fileParams,
    body: fileActionSchema,
    responses: { 200: z.object({ removed: z.literal(true) }) },
    errors: [401, 404, 409, 422],
  }),
};
