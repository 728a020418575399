import { type Level, levels } from '@cairn/contracts/tasks';
import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { useId } from 'react';

const levelLabels: Record<Level, string> = { low: 'Low', medium: 'Medium', high: 'High' };

interface LevelControlProps {
  label: string;
  value: Level;
  onChange: (value: Level) => void;
  disabled?: boolean;
}

/** Low, medium or high as one segmented control; the arrow keys move between the segments. */
export function LevelControl({ label, value, onChange, disabled }: LevelControlProps) {
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm font-medium leading-none">
        {label}
      </span>
      <ToggleGroupPrimitive.Root
        type="single"
        value={value}
        onValueChange={(next) => next && onChange(next as Level)}
        aria-labelledby={labelId}
        disabled={disabled}
        className="grid grid-cols-3 rounded-md border bg-muted p-0.5"
      >
        {levels.map((level) => (
          <ToggleGroupPrimitive.Item
            key={level}
            value={level}
            className="rounded px-2 py-1.5 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
          >
            {levelLabels[level]}
          </ToggleGroupPrimitive.Item>
        ))}
      </ToggleGroupPrimitive.Root>
    </div>
  );
}
