import type { Folder } from '@cairn/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import { FolderIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toasts';
import { useEmptyNotesTrashMutation } from '../api/empty-notes-trash';
import { foldersQueryOptions } from '../api/get-folders';
import { usePurgeFolderMutation } from '../api/purge-folder';
import { useRestoreFolderMutation } from '../api/restore-folder';
import { PaneError } from './notebook-state';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The trash's "Empty trash" button, with its confirmation; there is nothing to empty without notes or folders. */
export function EmptyTrashButton({ hasNotes }: { hasNotes: boolean }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const emptyTrash = useEmptyNotesTrashMutation();
  const folders = useQuery(foldersQueryOptions('trash'));
  const isEmpty = !hasNotes && folders.data?.items.length === 0;
  return (
    <ConfirmDialog
      isOpen={isConfirming}
      onOpenChange={setIsConfirming}
      trigger={
        <Button variant="outline" size="sm" disabled={isEmpty || emptyTrash.isPending}>
          <Trash2Icon aria-hidden />
          Empty trash
        </Button>
      }
      title="Empty the trash?"
      description="Every note and folder in the trash will be deleted for good, with their attachments. This cannot be undone."
      confirmLabel="Empty trash"
      onConfirm={() =>
        emptyTrash.mutate(undefined, {
          onSuccess: ({ purgedNotes, purgedFolders }) =>
            toast.success(
              `Trash emptied: ${plural(purgedNotes, 'note')} and ${plural(purgedFolders, 'folder')} deleted for good`,
            ),
        })
      }
    />
  );
}

/** The folders deleted on their own, above the trashed notes: each comes back with what went with it. */
export function TrashedFolders() {
  const query = useQuery(foldersQueryOptions('trash'));
  const restore = useRestoreFolderMutation();
  const purge = usePurgeFolderMutation();
  const [purging, setPurging] = useState<Folder | null>(null);
  if (query.isError)
    return <PaneError title="The trashed folders could not be loaded" onRetry={() => void query.refetch()} />;
  const folders = query.data?.items ?? [];
  if (folders.length === 0) return null;
  return (
    <section aria-labelledby="trashed-folders-heading" className="grid gap-1 border-b px-3 py-3">
      <h3
        id="trashed-folders-heading"
        className="px-1 pt-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Deleted folders
      </h3>
      <ul className="grid gap-1">
        {folders.map((folder) => (
          <li
            key={folder.id}
            className="flex items-center gap-2 rounded-md px-1 py-1 text-sm"
            data-folder-id={folder.id}
          >
            <FolderIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate">{folder.name}</span>
            <Button
              size="sm"
              variant="ghost"
              className="h-8"
              aria-label={`Restore “${folder.name}”`}
              onClick={() =>
                restore.mutate(folder.id, { onSuccess: () => toast.success(`Restored “${folder.name}”`) })
              }
            >
              <RotateCcwIcon aria-hidden />
              Restore
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-8 text-destructive hover:text-destructive"
              aria-label={`Delete “${folder.name}” forever`}
              onClick={() => setPurging(folder)}
            >
              Delete forever
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={purging !== null}
        onOpenChange={(isOpen) => !isOpen && setPurging(null)}
        title="Delete this folder forever?"
        description={`“${purging?.name ?? ''}”, its subfolders and the notes deleted with it will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete forever"
        onConfirm={() => {
          if (!purging) return;
          purge.mutate(purging.id, { onSuccess: () => toast.success('Folder deleted for good') });
        }}
      />
    </section>
  );
}
