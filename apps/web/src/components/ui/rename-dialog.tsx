import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Input } from './input';

/** Renames something named (a column, a list…): the current name to edit, saved only when it is not blank. */
export function RenameDialog({
  what,
  currentName,
  maxLength,
  onClose,
  onSave,
}: {
  /** What is renamed, such as "column" or "list", as the title and the field's label say it. */
  what: string;
  currentName: string;
  maxLength: number;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState(currentName);
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (trimmed) onSave(trimmed);
          }}
        >
          <AlertDialogTitle>Rename {what}</AlertDialogTitle>
          <AlertDialogDescription className="sr-only">
            Give “{currentName}” a new name.
          </AlertDialogDescription>
          <label htmlFor={id} className="sr-only">
            {what.charAt(0).toUpperCase() + what.slice(1)} name
          </label>
          <Input
            id={id}
            value={name}
            maxLength={maxLength}
            onChange={(event) => setName(event.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={name.trim() === ''}>
              Save
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
