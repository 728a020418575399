import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Destructive (the default) for what cannot be undone; default for a question that loses nothing. */
  variant?: 'destructive' | 'default';
  /** The button that opens the dialog, when the dialog has one. */
  trigger?: ReactNode;
  /** Fields to fill in before confirming, such as a password; Enter in them confirms. */
  children?: ReactNode;
  /**
   * Off when the answer may be refused and the user should try again in place (a wrong password): the
   * dialog then stays open after confirming and the caller closes it. Default true.
   */
  isClosedOnConfirm?: boolean;
  /** The confirmation is being carried out: both buttons wait, the confirm button says `pendingLabel`. */
  isPending?: boolean;
  pendingLabel?: string;
}

/** Asks before acting; Cancel has the focus, so Enter alone never destroys anything. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'destructive',
  trigger,
  children,
  isClosedOnConfirm = true,
  isPending = false,
  pendingLabel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            // React passes events up through the portal; a form the dialog is opened from must not submit.
            event.stopPropagation();
            if (isPending) return;
            if (isClosedOnConfirm) onOpenChange(false);
            onConfirm();
          }}
        >
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {children}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={isPending}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant={variant} disabled={isPending}>
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
