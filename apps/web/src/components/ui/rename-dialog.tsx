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

interface NameDialogProps {
  title: string;
  /** Says what the name is for; read out, and shown when `isDescriptionShown`. */
  description: string;
  isDescriptionShown?: boolean;
  /** The field's label, for screen readers. */
  label: string;
  initialName?: string;
  placeholder?: string;
  submitLabel: string;
  maxLength: number;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Asks for a name (a new folder's, a list's new one…); submitted only when it is not blank, trimmed. */
export function NameDialog({
  title,
  description,
  isDescriptionShown = false,
  label,
  initialName = '',
  placeholder,
  submitLabel,
  maxLength,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            // React passes events up through the portal; a form the dialog is opened from must not submit.
            event.stopPropagation();
            const trimmed = name.trim();
            if (trimmed) onSubmit(trimmed);
          }}
        >
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={isDescriptionShown ? undefined : 'sr-only'}>
            {description}
          </AlertDialogDescription>
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <Input
            id={id}
            value={name}
            placeholder={placeholder}
            maxLength={maxLength}
            onChange={(event) => setName(event.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={name.trim() === ''}>
              {submitLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

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
  return (
    <NameDialog
      title={`Rename ${what}`}
      description={`Give “${currentName}” a new name.`}
      label={`${what.charAt(0).toUpperCase() + what.slice(1)} name`}
      initialName={currentName}
      submitLabel="Save"
      maxLength={maxLength}
      onClose={onClose}
      onSubmit={onSave}
    />
  );
}
