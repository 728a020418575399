import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * A shortcut's letter as shown on a button, from tablet widths up (phones seldom have a keyboard, and
 * need the room). Hidden from readers, who hear aria-keyshortcuts instead.
 */
export function ShortcutKey({ letter }: { letter: string }) {
  return (
    <kbd
      aria-hidden
      className="hidden min-w-5 rounded border border-current/25 px-1 text-center font-sans text-xs leading-4 opacity-70 sm:inline-block"
    >
      {letter.toUpperCase()}
    </kbd>
  );
}

interface ShortcutButtonProps extends ButtonProps {
  /** The letter that presses this button (see useCardShortcuts), shown on it. */
  shortcut: string;
  /**
   * Waiting for the last press to be carried out. The button stays focusable (a disabled one would drop
   * the focus to the page) and ignores presses meanwhile.
   */
  isWaiting?: boolean;
}

/** A card's action with its keyboard letter on it. */
export function ShortcutButton({
  shortcut,
  isWaiting = false,
  onClick,
  className,
  children,
  ...props
}: ShortcutButtonProps) {
  return (
    <Button
      aria-keyshortcuts={shortcut.toLowerCase()}
      aria-disabled={isWaiting || undefined}
      className={cn('aria-disabled:cursor-not-allowed aria-disabled:opacity-50', className)}
      onClick={(event) => {
        if (!isWaiting) onClick?.(event);
      }}
      {...props}
    >
      {children}
      <ShortcutKey letter={shortcut} />
    </Button>
  );
}
