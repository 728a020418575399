import type { Tracker } from '@cairn/contracts/trackers';
import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useTimeZone } from '../../../lib/time-zone';
import { useCreateTrackerLogMutation } from '../api/create-tracker-log';
import { logDateForDay, zonedToday } from '../utils/log-date';

/**
 * A value and its day, saved with Enter. The tracker's last value changes at once; a refusal is toasted
 * in the server's words and the typed value stays, to be corrected.
 */
export function QuickLogForm({ tracker }: { tracker: Tracker }) {
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  const [value, setValue] = useState('');
  const [day, setDay] = useState(today);
  const create = useCreateTrackerLogMutation();
  const id = useId();

  return (
    <form
      noValidate
      className="flex min-w-0 flex-1 items-center gap-1.5 sm:flex-initial"
      aria-label={`Log a value for ${tracker.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = value.trim();
        if (typed === '') return;
        const chosenDay = day || today;
        // Cleared at once so the next value can be typed; put back when refused, to be corrected.
        setValue('');
        create.mutate(
          { trackerId: tracker.id, value: typed, logDate: logDateForDay(chosenDay, timeZone) },
          { onError: () => setValue((current) => (current === '' ? typed : current)) },
        );
      }}
    >
      <label htmlFor={`${id}-value`} className="sr-only">
        Value for {tracker.name}
      </label>
      <Input
        id={`${id}-value`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={tracker.unit ? `Value (${tracker.unit})` : 'Value'}
        className="h-9 min-w-0 flex-1 sm:w-28 sm:flex-none"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <label htmlFor={`${id}-day`} className="sr-only">
        Day for {tracker.name}
      </label>
      <Input
        id={`${id}-day`}
        type="date"
        className="h-9 w-36 shrink-0"
        max={today}
        value={day}
        onChange={(event) => setDay(event.target.value)}
      />
      <Button
        type="submit"
        size="icon"
        variant="outline"
        className="size-9"
        aria-label={`Save the value for ${tracker.name}`}
      >
        <PlusIcon aria-hidden />
      </Button>
    </form>
  );
}
