import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { describeField, FieldMessages } from './field-messages';
import { formatOccurrence } from './format-occurrence';
import { fromZonedDay } from './zoned-day';

interface ExcludedDaysFieldProps {
  /** YYYY-MM-DD days in the rule's zone. */
  value: readonly string[];
  timeZone: string;
  onAdd: (day: string) => void;
  onRemove: (day: string) => void;
  messages: readonly string[] | undefined;
}

/** Days the series leaves out, picked one at a time; each can be taken back. */
export function ExcludedDaysField({ value, timeZone, onAdd, onRemove, messages }: ExcludedDaysFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');

  function add() {
    if (draft === '') return;
    onAdd(draft);
    setDraft('');
  }

  const readable = (day: string) => {
    const start = fromZonedDay(day, timeZone);
    return Number.isNaN(start.getTime()) ? day : formatOccurrence(start, { timeZone, hasTime: false });
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        Except on
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="date"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the day rather than saving the whole rule.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          {...describeField(`${id}-messages`, messages, `${id}-hint`)}
          className="h-9 w-auto min-w-40 flex-1 sm:flex-none"
        />
        <Button variant="outline" size="sm" onClick={add} disabled={draft === ''}>
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul aria-label="Left-out dates" className="flex flex-wrap gap-1.5">
          {value.map((day) => (
            <li
              key={day}
              className="inline-flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-2.5 text-xs"
            >
              {readable(day)}
              <button
                type="button"
                aria-label={`Remove ${readable(day)}`}
                onClick={() => onRemove(day)}
                className="rounded-full p-1 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <XIcon className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The series leaves these days out; they still count towards a number of times.
      </p>
      <FieldMessages id={`${id}-messages`} messages={messages} />
    </div>
  );
}
