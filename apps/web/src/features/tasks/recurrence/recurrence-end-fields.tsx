import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { describeField, FieldMessages } from './field-messages';
import type { RecurrenceEnd, RecurrenceForm } from './recurrence-form';
import type { RecurrenceFieldMessages } from './recurrence-issues';

type EndFields = Pick<RecurrenceForm, 'end' | 'count' | 'endDate'>;

interface RecurrenceEndFieldsProps {
  value: EndFields;
  onChange: (change: Partial<EndFields>) => void;
  messages: RecurrenceFieldMessages;
}

/** Never, after a number of times, or on a date (that day included); editing a choice's field chooses it. */
export function RecurrenceEndFields({ value, onChange, messages }: RecurrenceEndFieldsProps) {
  const id = useId();
  const radio = (end: RecurrenceEnd, label: string) => (
    <>
      <input
        type="radio"
        id={`${id}-${end}`}
        name={`${id}-end`}
        checked={value.end === end}
        onChange={() => onChange({ end })}
        className="size-4 shrink-0 accent-primary"
      />
      <label htmlFor={`${id}-${end}`} className="text-sm">
        {label}
      </label>
    </>
  );
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium leading-none">Ends</legend>
      <div className="flex items-center gap-2">{radio('never', 'Never')}</div>
      <div className="flex flex-wrap items-center gap-2">
        {radio('count', 'After')}
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          aria-label="Number of times"
          value={value.count}
          onChange={(event) => onChange({ end: 'count', count: event.target.value })}
          {...describeField(`${id}-count-messages`, messages.count)}
          className="h-9 w-20"
        />
        <span className="text-sm text-muted-foreground">times</span>
      </div>
      <FieldMessages id={`${id}-count-messages`} messages={messages.count} />
      <div className="flex flex-wrap items-center gap-2">
        {radio('date', 'On')}
        <Input
          type="date"
          aria-label="End date"
          value={value.endDate}
          onChange={(event) => onChange({ end: 'date', endDate: event.target.value })}
          {...describeField(`${id}-date-messages`, messages.endDate)}
          className="h-9 w-auto min-w-40"
        />
      </div>
      <FieldMessages id={`${id}-date-messages`} messages={messages.endDate} />
    </fieldset>
  );
}
