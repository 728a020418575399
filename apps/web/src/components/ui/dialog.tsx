import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface DialogProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}

/**
 * A window over the page: title, description, content and a close button, never taller than the
 * screen (it scrolls inside). Escape and the close button close it; pass `onInteractOutside` to keep
 * a click outside from doing so where edits would be lost. `className` sets its width and position.
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  className,
  ...props
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-4 shadow-lg outline-none sm:max-h-[calc(100dvh-4rem)] sm:p-6',
            className,
          )}
          {...props}
        >
          <div className="grid gap-1.5 pr-8">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          </div>
          {children}
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring">
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
