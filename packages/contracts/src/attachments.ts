import { z } from 'zod';
import { idSchema, instantSchema } from './common';

/** Spec sections 5 and 9: at most 5 MB a file; exactly this many bytes is accepted, one more is 413. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Types a browser may show in place (preview, <img>); every other file downloads as an attachment. */
export const INLINE_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
] as const;

export const attachmentSchema = z.object({
  id: idSchema,
  noteId: idSchema.nullable(),
  taskId: idSchema.nullable(),
  /** The generated name the file is stored under; no part of it comes from the client. */
  fileName: z.string(),
  /** The name the file had on the user's machine, for display and downloads only. */
  originalFileName: z.string(),
  /** Detected from the content; application/octet-stream when unknown. */
  mimeType: z.string(),
  fileSize: z.number().int().positive(),
  /** Where to download it (relative to the API base: /api/v1/attachments/{id}/content). */
  url: z.string(),
  createdAt: instantSchema,
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ items: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** Exactly one of noteId or taskId. */
export const listAttachmentsQuerySchema = z
  .strictObject({ noteId: idSchema.optional(), taskId: idSchema.optional() })
  .refine((query) => (query.noteId === undefined) !== (query.taskId === undefined), {
    message: 'Give exactly one of noteId or taskId',
  });
export type ListAttachmentsQuery = z.infer<typeof listAttachmentsQuerySchema>;

/** The multipart fields besides `file`; exactly one of noteId or taskId. */
export const uploadAttachmentFieldsSchema = listAttachmentsQuerySchema;

export const storageUsageSchema = z.object({
  /** Bytes of every attachment the user has, including those of notes and tasks in the trash. */
  usedBytes: z.number().int().nonnegative(),
  attachmentsCount: z.number().int().nonnegative(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
