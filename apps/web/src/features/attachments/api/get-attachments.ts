import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What attachments belong to: exactly one note or one task. */
export type AttachmentOwner = { noteId: string; taskId?: never } | { taskId: string; noteId?: never };

/** Every cache key of the attachments area, defined once, under ['attachments']. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  lists: () => [...attachmentKeys.all, 'list'] as const,
  list: (owner: AttachmentOwner) => [...attachmentKeys.lists(), owner] as const,
};

export function ownerSearchParams(owner: AttachmentOwner): URLSearchParams {
  return new URLSearchParams(owner.noteId ? { noteId: owner.noteId } : { taskId: owner.taskId ?? '' });
}

export function getAttachments(owner: AttachmentOwner, { signal }: { signal?: AbortSignal } = {}) {
  const schema = import('@cairn/contracts/attachments').then((contract) => contract.attachmentListSchema);
  return apiRequest(`/api/v1/attachments?${ownerSearchParams(owner)}`, { schema, signal });
}

export function attachmentsQueryOptions(owner: AttachmentOwner) {
  return queryOptions({
    queryKey: attachmentKeys.list(owner),
    queryFn: ({ signal }) => getAttachments(owner, { signal }),
    // The panel shows its own error with a retry.
    meta: { isErrorToastHidden: true },
  });
}
