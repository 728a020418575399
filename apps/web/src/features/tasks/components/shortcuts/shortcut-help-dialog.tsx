import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { shortcuts } from '../../utils/shortcuts';

interface ShortcutHelpDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Every keyboard shortcut of the task screens, opened with "?". */
export function ShortcutHelpDialog({ isOpen, onOpenChange }: ShortcutHelpDialogProps) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg outline-none">
          <DialogPrimitive.Title className="text-lg font-semibold">Keyboard shortcuts</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            They work anywhere except while typing in a field.
          </DialogPrimitive.Description>
          <dl className="grid gap-2 text-sm">
            {shortcuts.map((shortcut) => (
              <div key={shortcut.id} className="flex items-center justify-between gap-4">
                <dt>{shortcut.description}</dt>
                <dd className="flex shrink-0 items-center gap-1">
                  {shortcut.keys.map((key, index) => (
                    <span key={key} className="flex items-center gap-1">
                      {index > 0 && <span className="text-xs text-muted-foreground">then</span>}
                      <kbd className="min-w-6 rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
          <DialogPrimitive.Close className="absolute top-3 right-3 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring">
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
