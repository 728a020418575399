import { Dialog } from '../../../../components/ui/dialog';
import { shortcuts } from '../../utils/shortcuts';

interface ShortcutHelpDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Every keyboard shortcut of the task screens, opened with "?". */
export function ShortcutHelpDialog({ isOpen, onOpenChange }: ShortcutHelpDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere except while typing in a field."
      className="max-w-md"
    >
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
    </Dialog>
  );
}
