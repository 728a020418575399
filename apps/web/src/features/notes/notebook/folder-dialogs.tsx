import { FOLDER_NAME_MAX_LENGTH, type Folder } from '@cairn/contracts/notes';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RenameDialog } from '../../../components/ui/rename-dialog';
import { toast } from '../../../lib/toasts';
import { useCreateFolderMutation } from '../api/create-folder';
import { useDeleteFolderMutation } from '../api/delete-folder';
import { useUpdateFolderMutation } from '../api/update-folder';
import { NewFolderDialog } from './folder-name-dialog';
import { type FolderActions, keptSearch } from './folder-tree';
import { folderAndDescendants } from './folder-tree-model';
import type { NotebookSearch } from './notebook-search';

type Dialog =
  | { kind: 'create'; parent: Folder | undefined }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder };

/**
 * What the folders' menus do, and the dialogs they open. Kept by the notebook rather than the tree, so a
 * dialog opened from the phone's sheet stays open once the sheet has closed.
 */
export function useFolderDialogs({
  search,
  folders,
  onExpand,
}: {
  search: NotebookSearch;
  folders: readonly Folder[];
  onExpand: (folderIds: readonly string[]) => void;
}): { actions: FolderActions; dialogs: ReactNode } {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const createFolder = useCreateFolderMutation();
  const updateFolder = useUpdateFolderMutation();
  const deleteFolder = useDeleteFolderMutation();

  const actions: FolderActions = {
    onCreateIn: (parent) => setDialog({ kind: 'create', parent }),
    onRename: (folder) => setDialog({ kind: 'rename', folder }),
    onDelete: (folder) => setDialog({ kind: 'delete', folder }),
    onMove: (folder, parentId) => {
      if (parentId) onExpand([parentId]);
      updateFolder.mutate({ folderId: folder.id, body: { parentId } });
    },
  };

  const dialogs = (
    <>
      {dialog?.kind === 'create' && (
        <NewFolderDialog
          parentName={dialog.parent?.name}
          onClose={() => setDialog(null)}
          onCreate={(name) => {
            const parentId = dialog.parent?.id ?? null;
            setDialog(null);
            if (parentId) onExpand([parentId]);
            createFolder.mutate(
              { name, parentId },
              {
                onSuccess: (folder) =>
                  void navigate({ to: '/notebook', search: { ...keptSearch(search), folder: folder.id } }),
              },
            );
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RenameDialog
          what="folder"
          currentName={dialog.folder.name}
          maxLength={FOLDER_NAME_MAX_LENGTH}
          onClose={() => setDialog(null)}
          onSave={(name) => {
            const { folder } = dialog;
            setDialog(null);
            if (name !== folder.name) updateFolder.mutate({ folderId: folder.id, body: { name } });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        title={dialog?.kind === 'delete' ? `Delete “${dialog.folder.name}”?` : 'Delete the folder?'}
        description="Its notes and subfolders go to the trash, from where you can restore them."
        confirmLabel="Move to trash"
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const { folder } = dialog;
          const removed = folderAndDescendants(folders, folder.id);
          deleteFolder.mutate(folder.id, {
            onSuccess: () => {
              toast.success(`“${folder.name}” moved to the trash`);
              if (search.folder && removed.has(search.folder)) {
                void navigate({ to: '/notebook', search: keptSearch(search) });
              }
            },
          });
        }}
      />
    </>
  );
  return { actions, dialogs };
}
