import { useMutation } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';

/** Keeps the task out of the random draw for an hour, on every device. */
export function skipDraw(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/draw-skip`, { method: 'POST', schema: noContentSchema });
}

export function useSkipDrawMutation() {
  return useMutation({
    mutationFn: skipDraw,
    meta: { errorMessage: 'Could not skip the task' },
  });
}
