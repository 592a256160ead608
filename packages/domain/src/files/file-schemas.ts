import { z } from 'zod';
import { GEEK_FILE_TYPES, ORDER_FILE_TYPES } from '../orders/geek-files.ts';
import { MAX_FILES_PER_ATTACH } from './file-limits.ts';

// docs/product/http-api.md "Files": the bodies of the file calls and the OrderFile they answer.

/** What an upload is for: the task's files, a revision request's, or a message's (docs/product/http-api.md 'msgs'). */
const UPLOAD_CONTEXTS = ['order', 'revision', 'msgs'] as const;
export type UploadContext = (typeof UPLOAD_CONTEXTS)[number];

const fileName = z.string().trim().min(1, 'Please choose a file').max(255, 'The file name is too long');
const mimeType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'Unknown file type');
const fileSize = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const uploadRequestSchema = z.object({
  name: fileName,
  size: fileSize.describe('bytes'),
  type: mimeType.describe('MIME type'),
  context: z.enum(UPLOAD_CONTEXTS).default('order'),
});
export type UploadRequest = z.output<typeof uploadRequestSchema>;

/** The operator's presign: the same fields; the context is always a Geek file. */
export const opsUploadRequestSchema = uploadRequestSchema.omit({ context: true });

export const presignedPostSchema = z.object({
  url: z.string().describe('where the browser posts multipart/form-data'),
  fields: z.record(z.string(), z.string()).describe('every field to post before `file`'),
  location: z.string().describe('the object key to attach afterwards'),
  expires_at: z.string(),
});

/** One uploaded object to record: where it is and what the uploader says it is. */
export const uploadedFileSchema = z.object({
  location: z.string().min(1).max(1024),
  name: fileName,
  size: fileSize,
  type: mimeType.describe('MIME type, as signed'),
});
export type UploadedFile = z.output<typeof uploadedFileSchema>;

export const attachFilesSchema = z.object({
  files: z.array(uploadedFileSchema).min(1, 'Please choose a file').max(MAX_FILES_PER_ATTACH),
});

const plagLevel = z.number().int().min(0).max(100);

/** docs/product/http-api.md Operator: a Geek file, `type` one of the specs' Geek file types; MIME type as signed. */
export const opsAttachFilesSchema = z.object({
  files: z
    .array(
      uploadedFileSchema.extend({
        type: z.enum(GEEK_FILE_TYPES),
        plag_status: z.enum(['found', 'not_found', 'checking']).nullable().optional(),
        plag_level: plagLevel.nullable().optional(),
        override_pgch: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(MAX_FILES_PER_ATTACH),
});

export const orderFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.enum(ORDER_FILE_TYPES),
  content_type: z.string(),
  created_at: z.string(),
  deleted: z.boolean(),
  plag_status: z.string().nullable(),
  plag_level: z.number().nullable(),
  override_pgch: z.boolean(),
  revision_accept: z.boolean(),
  client_accept: z.boolean(),
  locked: z.boolean().describe('a Geek file waiting for full payment'),
  downloaded: z.boolean().describe('the client has downloaded it'),
  geek_file: z.boolean(),
});
export type OrderFileView = z.output<typeof orderFileSchema>;

export const fileActionSchema = z.object({ action: z.literal('remove') });

/** A short-lived signed address of one stored file (the back office's download of any file of a task). */
export const signedFileUrlSchema = z.object({ url: z.string().describe('a 5-minute signed address') });
