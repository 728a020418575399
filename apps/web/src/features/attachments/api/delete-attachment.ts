import type { AttachmentList } from '@cairn/contracts/attachments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { forgetAttachmentContent } from './attachment-content';
import { type AttachmentOwner, attachmentKeys } from './get-attachments';

export function deleteAttachment(attachmentId: string) {
  return apiRequest(`/api/v1/attachments/${attachmentId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Takes the file off the list at once; it comes back if the server refuses. */
export function useDeleteAttachmentMutation(owner: AttachmentOwner) {
  const queryClient = useQueryClient();
  const queryKey = attachmentKeys.list(owner);
  return useMutation({
    mutationFn: deleteAttachment,
    meta: { errorMessage: 'Could not delete the file' },
    onMutate: async (attachmentId) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<AttachmentList>(queryKey);
      if (previous) {
        queryClient.setQueryData<AttachmentList>(queryKey, {
          items: previous.items.filter((item) => item.id !== attachmentId),
        });
      }
      return { previous };
    },
    onError: (_error, _attachmentId, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (_result, attachmentId) => forgetAttachmentContent(attachmentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
