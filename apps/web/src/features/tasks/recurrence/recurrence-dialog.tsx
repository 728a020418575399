import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';

interface RecurrenceDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: ReactNode;
  /** The editor; mounted only while open, so each opening starts from the saved rule. */
  children: ReactNode;
}

/**
 * The repeat editor's window: the whole screen's height at most, scrolling inside on a phone. A click
 * outside does not close it, so a stray tap loses no edits; Escape and Cancel do.
 */
export function RecurrenceDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
}: RecurrenceDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onInteractOutside={(event) => event.preventDefault()}
      className="max-w-2xl gap-5"
    >
      {children}
    </Dialog>
  );
}
