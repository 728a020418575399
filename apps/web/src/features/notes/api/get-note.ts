import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

export function getNote(noteId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the route's loader uses this, and the contract would bring its schema library along.
  const schema = import('@cairn/contracts/notes').then((contract) => contract.noteDetailSchema);
  return apiRequest(`/api/v1/notes/${noteId}`, { schema, signal });
}

export function noteDetailQueryOptions(noteId: string) {
  return queryOptions({
    queryKey: noteKeys.detail(noteId),
    queryFn: ({ signal }) => getNote(noteId, { signal }),
    // The page shows "not found" and other failures itself.
    meta: { isErrorToastHidden: true },
  });
}
