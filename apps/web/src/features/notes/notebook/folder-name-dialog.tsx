import { FOLDER_NAME_MAX_LENGTH } from '@cairn/contracts/notes';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

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
  const id = useId();
  const [name, setName] = useState('');
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            const trimmed = name.trim();
            if (trimmed) onCreate(trimmed);
          }}
        >
          <AlertDialogTitle>{parentName ? 'New subfolder' : 'New folder'}</AlertDialogTitle>
          <AlertDialogDescription className={parentName ? undefined : 'sr-only'}>
            {parentName ? `Inside “${parentName}”.` : 'At the top level of your notebook.'}
          </AlertDialogDescription>
          <label htmlFor={id} className="sr-only">
            Folder name
          </label>
          <Input
            id={id}
            value={name}
            placeholder="Folder name"
            maxLength={FOLDER_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={name.trim() === ''}>
              Create
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
