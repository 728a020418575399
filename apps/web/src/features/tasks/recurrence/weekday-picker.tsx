import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { useId } from 'react';
import { describeField, FieldMessages } from './field-messages';
import { WEEKDAYS_FROM_MONDAY } from './weekdays';

interface WeekdayPickerProps {
  /** 0 = Sunday … 6 = Saturday. */
  value: readonly number[];
  onChange: (weekDays: number[]) => void;
  messages: readonly string[] | undefined;
}

/** Monday to Sunday as seven toggles; the arrow keys move between them, Space turns one on or off. */
export function WeekdayPicker({ value, onChange, messages }: WeekdayPickerProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        On
      </span>
      <ToggleGroupPrimitive.Root
        type="multiple"
        value={value.map(String)}
        onValueChange={(days) => onChange(days.map(Number))}
        aria-labelledby={`${id}-label`}
        {...describeField(`${id}-messages`, messages)}
        className="grid grid-cols-7 gap-1"
      >
        {WEEKDAYS_FROM_MONDAY.map(({ day, short, name }) => (
          <ToggleGroupPrimitive.Item
            key={day}
            value={String(day)}
            aria-label={name}
            className="h-9 rounded-md border border-input bg-background text-xs font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground sm:text-sm"
          >
            {short}
          </ToggleGroupPrimitive.Item>
        ))}
      </ToggleGroupPrimitive.Root>
      <FieldMessages id={`${id}-messages`} messages={messages} />
    </div>
  );
}
