import { FOLDER_NAME_MAX_LENGTH } from '@cairn/contracts/notes';
import { NameDialog } from '../../../components/ui/rename-dialog';

/** Asks for a new folder's name; saved only when it is not blank. */
export function NewFolderDialog({
  parentName,
  onClose,
  onCreate,
}: {
  /** The folder it goes in; none for the top level. */
  parentName: string | undefined;
  onClose: () => void;
  onCreate: (name: string) => void;
}) {
  return (
    <NameDialog
      title={parentName ? 'New subfolder' : 'New folder'}
      description={parentName ? `Inside “${parentName}”.` : 'At the top level of your notebook.'}
      isDescriptionShown={parentName !== undefined}
      label="Folder name"
      placeholder="Folder name"
      submitLabel="Create"
      maxLength={FOLDER_NAME_MAX_LENGTH}
      onClose={onClose}
      onSubmit={onCreate}
    />
  );
}
