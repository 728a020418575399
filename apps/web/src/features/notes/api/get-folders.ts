import type { ListFoldersQuery } from '@cairn/contracts/notes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

export type FolderPlace = NonNullable<ListFoldersQuery['in']>;

export function getFolders(place: FolderPlace, { signal }: { signal?: AbortSignal } = {}) {
  const suffix = place === 'trash' ? '?in=trash' : '';
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/notes').then((contract) => contract.folderListSchema);
  return apiRequest(`/api/v1/folders${suffix}`, { schema, signal });
}

/** Every folder of the user, live or in the trash; the tree is built from parentId on the screen. */
export function foldersQueryOptions(place: FolderPlace = 'live') {
  return queryOptions({
    queryKey: noteKeys.folderList(place === 'trash' ? { in: 'trash' } : {}),
    queryFn: ({ signal }) => getFolders(place, { signal }),
    meta: { errorMessage: 'Could not load your folders' },
  });
}
