import { Readable } from 'node:stream';
import {
  type Attachment,
  type AttachmentList,
  type StorageUsage,
  uploadAttachmentFieldsSchema,
} from '@cairn/contracts/attachments';
import { INVALID_INPUT_MESSAGE } from '@cairn/contracts/errors';
import { newId } from '../../db/ids';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import * as notes from '../notes/notes.service';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { getLiveTaskRow, getTaskRow } from '../tasks/tasks.service';
import type { AttachmentOwner, AttachmentRow } from './attachments.repository';
import * as repository from './attachments.repository';
import { detectFileType, SNIFF_BYTES } from './detect-file-type';
import { storageKey } from './storage/storage';

/** Files on notes and tasks: stored first, then recorded; unrecorded first, then removed. */

type AttachmentScope = { userId: string; attachmentId: string };

function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    noteId: row.noteId,
    taskId: row.taskId,
    fileName: row.fileName,
    originalFileName: row.originalFileName,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    url: `/api/v1/attachments/${row.id}/content`,
    createdAt: row.createdAt,
  };
}

/** The note or task the request names, exactly one (400 otherwise). */
function parseOwner(fields: Record<string, unknown>): AttachmentOwner {
  const parsed = uploadAttachmentFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', INVALID_INPUT_MESSAGE, {
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
        message: issue.message,
        code: issue.code,
      })),
    });
  }
  const { noteId, taskId } = parsed.data;
  return noteId !== undefined ? { noteId } : { taskId: taskId as string };
}

/** 404 for a note or task that is missing or another user's; in the trash it can be read but not added to. */
async function assertOwnerExists(
  ctx: AppContext,
  options: { userId: string; owner: AttachmentOwner; isLiveOnly: boolean },
): Promise<void> {
  const { userId, owner, isLiveOnly } = options;
  if (owner.taskId !== undefined) {
    await (isLiveOnly ? getLiveTaskRow : getTaskRow)(ctx, { userId, taskId: owner.taskId });
    return;
  }
  const note = await notes.getNote(ctx, { userId, noteId: owner.noteId });
  if (isLiveOnly && note.deletedAt) {
    throw new AppError('CONFLICT', 'The note is in the trash; restore it first');
  }
}

/**
 * What a user calls a file, for display and downloads only (it never reaches a path): kept as sent,
 * less the characters no header or database text can carry (controls, NUL, half surrogate pairs).
 */
export function toDisplayName(name: string): string {
  const cleaned = name
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 1000);
  return cleaned || 'file';
}

/** The first SNIFF_BYTES of the stream (fewer if it is shorter), and the stream's remaining chunks. */
async function readHead(content: Readable) {
  const chunks = content[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLength = 0;
  let isWholeFile = false;
  while (headLength < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      isWholeFile = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const rest = async function* () {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  return { head: Buffer.concat(head), isWholeFile, rest };
}

const isForeignKeyViolation = (error: unknown) => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    current = candidate.cause;
  }
  return false;
};

/**
 * Stores an uploaded file under a generated name and records it. The type comes from the content;
 * the row is written only once the file is stored, and a failure after that removes the file again.
 */
export async function uploadAttachment(
  ctx: AppContext,
  options: { userId: string; fields: Record<string, unknown>; fileName: string; content: Readable },
): Promise<Attachment> {
  const { userId } = options;
  const owner = parseOwner(options.fields);
  await assertOwnerExists(ctx, { userId, owner, isLiveOnly: true });

  const { head, isWholeFile, rest } = await readHead(options.content);
  if (head.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty');
  const type = await detectFileType(head, { isWholeFile });
  const id = newId();
  const fileName = type.extension ? `${id}.${type.extension}` : id;
  const key = storageKey(userId, fileName);
  const { size } = await ctx.storage.put(
    key,
    Readable.from(
      (async function* () {
        yield head;
        yield* rest();
      })(),
    ),
  );

  try {
    const row = await inTransaction(ctx, async (tx) => {
      // Counted once the size is known; a refused file is removed again below.
      await assertWithinPlanLimit(tx, { userId, key: 'attachmentStorageBytes', adding: size });
      const now = tx.clock.now();
      return repository.insertAttachment(tx.db, {
        id,
        userId,
        noteId: owner.noteId ?? null,
        taskId: owner.taskId ?? null,
        fileName,
        originalFileName: toDisplayName(options.fileName),
        mimeType: type.mimeType,
        fileSize: size,
        storagePath: key,
        createdAt: now,
        updatedAt: now,
      });
    });
    return toAttachment(row);
  } catch (error) {
    await ctx.storage.delete(key);
    // The note or task was deleted for good while the file was arriving.
    if (isForeignKeyViolation(error)) throw notFound(owner.noteId !== undefined ? 'Note' : 'Task');
    throw error;
  }
}

export async function listAttachments(
  ctx: AppContext,
  options: { userId: string; query: { noteId?: string | undefined; taskId?: string | undefined } },
): Promise<AttachmentList> {
  const { userId } = options;
  const owner = parseOwner(options.query);
  await assertOwnerExists(ctx, { userId, owner, isLiveOnly: false });
  const rows = await repository.findAttachmentsOf(ctx.db, { userId, owner });
  return { items: rows.map(toAttachment) };
}

async function getAttachmentRow(ctx: AppContext, scope: AttachmentScope): Promise<AttachmentRow> {
  return requireOwned(await repository.findAttachment(ctx.db, scope), 'Attachment');
}

/** The file's record and its content as a stream. */
export async function getAttachmentContent(
  ctx: AppContext,
  scope: AttachmentScope,
): Promise<{ attachment: Attachment; content: Readable }> {
  const row = await getAttachmentRow(ctx, scope);
  const content = await ctx.storage.get(row.storagePath);
  if (!content) throw notFound('Attachment');
  return { attachment: toAttachment(row), content };
}

/** Removes the record, then the file: a row never names a missing file. */
export async function deleteAttachment(ctx: AppContext, scope: AttachmentScope): Promise<void> {
  const row = requireOwned(await repository.deleteAttachment(ctx.db, scope), 'Attachment');
  await ctx.storage.delete(row.storagePath);
}

export async function getStorageUsage(ctx: AppContext, options: { userId: string }): Promise<StorageUsage> {
  const usage = await repository.sumUsage(ctx.db, options.userId);
  return { usedBytes: usage.usedBytes, attachmentsCount: usage.count };
}
