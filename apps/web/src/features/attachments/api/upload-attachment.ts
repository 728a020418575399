import {
  ATTACHMENT_MAX_BYTES,
  type Attachment,
  type AttachmentList,
  attachmentSchema,
} from '@cairn/contracts/attachments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpErrorFrom, readErrorBody, UserFacingError } from '../../../lib/errors';
import { formUploadResponse, sendFormWithProgress } from '../../../lib/form-upload';
import { reviveDates } from '../../../lib/revive-dates';
import { sendWithSession } from './authorized-request';
import { type AttachmentOwner, attachmentKeys } from './get-attachments';

export interface UploadAttachmentVariables {
  owner: AttachmentOwner;
  file: File;
  /** Called as bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

const MAX_SIZE_LABEL = `${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`;

export function tooLargeMessage(fileName: string): string {
  return `${fileName} is larger than ${MAX_SIZE_LABEL}`;
}

/** Refused before sending: the server would answer 413 anyway, after the whole file went up. */
export function checkAttachmentSize(file: File): void {
  if (file.size > ATTACHMENT_MAX_BYTES) throw new UserFacingError(tooLargeMessage(file.name));
  if (file.size === 0) throw new UserFacingError(`${file.name} is empty`);
}

/**
 * Sends one file as multipart/form-data. XMLHttpRequest rather than fetch: only it reports how much of
 * the body has gone out, which the progress bar shows.
 */
export async function uploadAttachment({
  owner,
  file,
  onProgress,
  signal,
}: UploadAttachmentVariables): Promise<Attachment> {
  checkAttachmentSize(file);
  const form = new FormData();
  // Fields before the file: the server reads the owner before streaming the bytes.
  if (owner.noteId) form.append('noteId', owner.noteId);
  if (owner.taskId) form.append('taskId', owner.taskId);
  form.append('file', file, file.name);

  const result = await sendWithSession(
    (headers) => sendFormWithProgress({ path: '/api/v1/attachments', form, headers, onProgress, signal }),
    (answer) => readErrorBody(formUploadResponse(answer)),
  );
  if (result.status === 413) throw new UserFacingError(tooLargeMessage(file.name));
  if (result.status < 200 || result.status >= 300) throw await httpErrorFrom(formUploadResponse(result));
  return attachmentSchema.parse(reviveDates(JSON.parse(result.body)));
}

/** Uploads one file; the owner's list then shows it. Each call has its own progress callback. */
export function useUploadAttachmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    meta: { errorMessage: 'Could not upload the file' },
    onSuccess: (attachment, { owner }) => {
      queryClient.setQueryData<AttachmentList>(attachmentKeys.list(owner), (list) =>
        list ? { items: [...list.items.filter((item) => item.id !== attachment.id), attachment] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(owner) });
    },
  });
}
