import { type ComponentProps, useId } from 'react';

interface SettingSwitchProps extends Omit<ComponentProps<'input'>, 'type' | 'role' | 'id'> {
  label: string;
  description: string;
}

/**
 * An on/off setting: its name, a line on what it does, and a switch. A native checkbox underneath, so
 * the keyboard, forms and screen readers treat it as one; only its look is drawn over it.
 */
export function SettingSwitch({ label, description, ...inputProps }: SettingSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium leading-snug">
          {label}
        </label>
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox states its own checked state (ARIA in HTML forbids aria-checked on it).
          role="switch"
          aria-describedby={descriptionId}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className="pointer-events-none size-full rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:opacity-50"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow-sm transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
        />
      </span>
    </div>
  );
}
