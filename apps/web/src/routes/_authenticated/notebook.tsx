import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { foldersQueryOptions } from '../../features/notes/api/get-folders';
import { notesInfiniteQueryOptions } from '../../features/notes/api/get-notes';
import { toNoteListParams } from '../../features/notes/notebook/note-list-params';
import { NotebookLayout } from '../../features/notes/notebook/notebook-layout';
import { type NotebookSearch, notebookSearchSchema } from '../../features/notes/notebook/notebook-search';

export const Route = createFileRoute('/_authenticated/notebook')({
  validateSearch: notebookSearchSchema,
  // Its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => search,
  // Not awaited: the panes start loading with the route's code and show their own loading state.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(foldersQueryOptions());
    void context.queryClient.prefetchInfiniteQuery(notesInfiniteQueryOptions(toNoteListParams(deps)));
    if (deps.filter === 'trash') void context.queryClient.prefetchQuery(foldersQueryOptions('trash'));
  },
  head: () => ({ meta: [{ title: 'Notebook · Cairn' }] }),
  component: NotebookRoute,
});

function NotebookRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The open note, when the editor's route is below this one.
  const { noteId } = useParams({ strict: false });
  const onSearchChange = useCallback(
    (patch: Partial<NotebookSearch>, { replace = false }: { replace?: boolean } = {}) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace }),
    [navigate],
  );
  return (
    <NotebookLayout search={search} onSearchChange={onSearchChange} openNoteId={noteId}>
      <Outlet />
    </NotebookLayout>
  );
}
