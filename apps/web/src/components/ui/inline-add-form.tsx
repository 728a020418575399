import { PlusIcon } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Input } from './input';

interface InlineAddFormProps {
  /** The button's text, and the field's label. */
  label: string;
  placeholder: string;
  onSubmit: (title: string) => void;
  maxLength: number;
  /** Stays open after adding, for typing several in a row. */
  isOpenByDefault?: boolean;
  /** Names the button and field for a keyboard shortcut that focuses them (`data-shortcut-target`). */
  shortcutTarget?: string;
  icon?: ReactNode;
  className?: string;
}

/**
 * "Add …" that turns into a field: Enter adds and keeps the field for the next one, Escape cancels
 * (clears it and, unless it is always shown, closes it).
 */
export function InlineAddForm({
  label,
  placeholder,
  onSubmit,
  maxLength,
  isOpenByDefault = false,
  shortcutTarget,
  icon,
  className,
}: InlineAddFormProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(isOpenByDefault);
  const [value, setValue] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close() {
    setValue('');
    if (isOpenByDefault) return;
    setIsOpen(false);
    // Back to the button, so keyboard users do not lose their place.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  if (!isOpen) {
    return (
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        className={cn('justify-start text-muted-foreground', className)}
        onClick={() => setIsOpen(true)}
        data-shortcut-target={shortcutTarget}
      >
        {icon ?? <PlusIcon aria-hidden />}
        {label}
      </Button>
    );
  }

  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const title = value.trim();
        if (!title) return;
        onSubmit(title);
        setValue('');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        // Opening the field is the user's own action, so focusing it is expected.
        autoFocus={!isOpenByDefault}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="done"
        data-shortcut-target={shortcutTarget}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            close();
            if (isOpenByDefault) event.currentTarget.blur();
          }
        }}
        onBlur={() => {
          if (!isOpenByDefault && value.trim() === '') setIsOpen(false);
        }}
      />
    </form>
  );
}
