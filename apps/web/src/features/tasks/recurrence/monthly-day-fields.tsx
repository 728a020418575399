import { MONTH_DAY_MODES, NTH_WEEKDAY_POSITIONS, type NthWeekdayPosition } from '@cairn/recurrence';
import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { describeField, FieldMessages } from './field-messages';
import type { RecurrenceForm } from './recurrence-form';
import type { RecurrenceFieldMessages } from './recurrence-issues';
import { WEEKDAYS_FROM_MONDAY } from './weekdays';

const POSITION_LABELS: Record<NthWeekdayPosition, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  last: 'last',
};

/** The days past the 28th, which some months lack. */
const SHORTEST_MONTH = 28;

type MonthlyFields = Pick<RecurrenceForm, 'monthlyBy' | 'monthDay' | 'monthDayMode' | 'nthWeekday'>;

interface MonthlyDayFieldsProps {
  value: MonthlyFields;
  onChange: (change: Partial<MonthlyFields>) => void;
  messages: RecurrenceFieldMessages;
}

/**
 * A day of the month ("on day 31", with what months lacking it do) or a weekday's place in it ("on the
 * second Tuesday", "on the last Friday"). Editing either choice's fields chooses it.
 */
export function MonthlyDayFields({ value, onChange, messages }: MonthlyDayFieldsProps) {
  const id = useId();
  const day = Number(value.monthDay);
  const isShortMonthDay =
    value.monthlyBy === 'day' && Number.isInteger(day) && day > SHORTEST_MONTH && day <= 31;
  const radioClass = 'size-4 shrink-0 accent-primary';
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium leading-none">On</legend>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="radio"
          id={`${id}-by-day`}
          name={`${id}-monthly-by`}
          checked={value.monthlyBy === 'day'}
          onChange={() => onChange({ monthlyBy: 'day' })}
          className={radioClass}
        />
        <label htmlFor={`${id}-by-day`} className="text-sm">
          Day
        </label>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          aria-label="Day of the month"
          value={value.monthDay}
          onChange={(event) => onChange({ monthlyBy: 'day', monthDay: event.target.value })}
          {...describeField(`${id}-day-messages`, messages.monthDay)}
          className="h-9 w-20"
        />
      </div>
      {isShortMonthDay && (
        <div className="grid gap-1.5 pl-6">
          <label htmlFor={`${id}-mode`} className="text-sm text-muted-foreground">
            In months without day {day}:
          </label>
          <NativeSelect
            id={`${id}-mode`}
            value={value.monthDayMode}
            onChange={(event) => {
              const mode = MONTH_DAY_MODES.find((candidate) => candidate === event.target.value);
              if (mode) onChange({ monthDayMode: mode });
            }}
            className="w-full sm:w-56"
          >
            <option value="last">use the last day</option>
            <option value="skip">skip the month</option>
          </NativeSelect>
        </div>
      )}
      <FieldMessages id={`${id}-day-messages`} messages={messages.monthDay} />
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="radio"
          id={`${id}-by-weekday`}
          name={`${id}-monthly-by`}
          checked={value.monthlyBy === 'weekday'}
          onChange={() => onChange({ monthlyBy: 'weekday' })}
          className={radioClass}
        />
        <label htmlFor={`${id}-by-weekday`} className="text-sm">
          The
        </label>
        <NativeSelect
          aria-label="Which one in the month"
          value={String(value.nthWeekday.nth)}
          onChange={(event) => {
            const nth = NTH_WEEKDAY_POSITIONS.find((position) => String(position) === event.target.value);
            if (nth) onChange({ monthlyBy: 'weekday', nthWeekday: { ...value.nthWeekday, nth } });
          }}
          {...describeField(`${id}-nth-messages`, messages.nthWeekday)}
          className="w-28"
        >
          {NTH_WEEKDAY_POSITIONS.map((position) => (
            <option key={position} value={String(position)}>
              {POSITION_LABELS[position]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Weekday"
          value={String(value.nthWeekday.weekday)}
          onChange={(event) =>
            onChange({
              monthlyBy: 'weekday',
              nthWeekday: { ...value.nthWeekday, weekday: Number(event.target.value) },
            })
          }
          className="w-36"
        >
          {WEEKDAYS_FROM_MONDAY.map(({ day: weekday, name }) => (
            <option key={weekday} value={String(weekday)}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FieldMessages id={`${id}-nth-messages`} messages={messages.nthWeekday} />
    </fieldset>
  );
}
