import {
  NTH_WEEKDAY_POSITIONS,
  type NthWeekdayPosition,
  RECURRENCE_RULES,
  type RecurrenceRule,
} from '@cairn/recurrence';
import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { type ReactNode, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { changeStartDay, type ScheduleEnd, type ScheduleForm, type ScheduleMessages } from './schedule-form';

const FREQUENCIES: Record<RecurrenceRule, { label: string; one: string; many: string }> = {
  daily: { label: 'Daily', one: 'day', many: 'days' },
  weekly: { label: 'Weekly', one: 'week', many: 'weeks' },
  monthly: { label: 'Monthly', one: 'month', many: 'months' },
  yearly: { label: 'Yearly', one: 'year', many: 'years' },
};

/** Monday first (spec section 9), in the engine's numbering (0 = Sunday). */
const WEEKDAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 0, short: 'Sun', name: 'Sunday' },
] as const;

const NTH_LABELS: Record<NthWeekdayPosition, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  last: 'last',
};

interface ScheduleFieldsProps {
  value: ScheduleForm;
  onChange: (form: ScheduleForm) => void;
  messages: ScheduleMessages;
}

function Message({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {text}
    </p>
  );
}

function described(id: string, text: string | undefined) {
  return { 'aria-invalid': text ? true : undefined, 'aria-describedby': text ? id : undefined };
}

/** How often a recurring transaction posts: frequency, its days, the first day and the end. */
export function ScheduleFields({ value, onChange, messages }: ScheduleFieldsProps) {
  const id = useId();
  const edit = (change: Partial<ScheduleForm>) => onChange({ ...value, ...change });
  const frequency = FREQUENCIES[value.rule];
  const isPlural = value.interval.trim() !== '1';

  return (
    <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Repeats</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <label htmlFor={`${id}-rule`} className="text-sm font-medium leading-none">
            Frequency
          </label>
          <NativeSelect
            id={`${id}-rule`}
            value={value.rule}
            onChange={(event) => {
              const rule = RECURRENCE_RULES.find((candidate) => candidate === event.target.value);
              if (rule) edit({ rule });
            }}
          >
            {RECURRENCE_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {FREQUENCIES[rule].label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${id}-interval`} className="text-sm font-medium leading-none">
            Every
          </label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-interval`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className="h-9 w-20"
              value={value.interval}
              onChange={(event) => edit({ interval: event.target.value })}
              {...described(`${id}-interval-message`, messages.interval)}
            />
            <span className="text-sm text-muted-foreground">{isPlural ? frequency.many : frequency.one}</span>
          </div>
        </div>
        <Message id={`${id}-interval-message`} text={messages.interval} />
      </div>

      {value.rule === 'weekly' && (
        <div className="grid gap-2">
          <span id={`${id}-weekdays`} className="text-sm font-medium leading-none">
            On
          </span>
          <ToggleGroupPrimitive.Root
            type="multiple"
            value={value.weekDays.map(String)}
            onValueChange={(days) => edit({ weekDays: days.map(Number) })}
            aria-labelledby={`${id}-weekdays`}
            {...described(`${id}-weekdays-message`, messages.weekDays)}
            className="grid grid-cols-7 gap-1"
          >
            {WEEKDAYS.map(({ day, short, name }) => (
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
          <Message id={`${id}-weekdays-message`} text={messages.weekDays} />
        </div>
      )}

      {value.rule === 'monthly' && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium leading-none">On</legend>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="radio"
              id={`${id}-by-day`}
              name={`${id}-monthly-by`}
              checked={value.monthlyBy === 'day'}
              onChange={() => edit({ monthlyBy: 'day' })}
              className="size-4 accent-primary"
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
              className="h-9 w-20"
              value={value.monthDay}
              onChange={(event) => edit({ monthlyBy: 'day', monthDay: event.target.value })}
              {...described(`${id}-month-day-message`, messages.monthDay)}
            />
          </div>
          {value.monthlyBy === 'day' && Number(value.monthDay) > 28 && (
            <p className="text-xs text-muted-foreground">Shorter months use their last day.</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="radio"
              id={`${id}-by-weekday`}
              name={`${id}-monthly-by`}
              checked={value.monthlyBy === 'weekday'}
              onChange={() => edit({ monthlyBy: 'weekday' })}
              className="size-4 accent-primary"
            />
            <label htmlFor={`${id}-by-weekday`} className="text-sm">
              The
            </label>
            <NativeSelect
              aria-label="Which week of the month"
              className="w-28"
              value={String(value.nthWeekday.nth)}
              onChange={(event) => {
                const nth = NTH_WEEKDAY_POSITIONS.find((position) => String(position) === event.target.value);
                if (nth !== undefined)
                  edit({ monthlyBy: 'weekday', nthWeekday: { ...value.nthWeekday, nth } });
              }}
            >
              {NTH_WEEKDAY_POSITIONS.map((position) => (
                <option key={position} value={String(position)}>
                  {NTH_LABELS[position]}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label="Weekday"
              className="w-36"
              value={String(value.nthWeekday.weekday)}
              onChange={(event) =>
                edit({
                  monthlyBy: 'weekday',
                  nthWeekday: { ...value.nthWeekday, weekday: Number(event.target.value) },
                })
              }
            >
              {WEEKDAYS.map(({ day, name }) => (
                <option key={day} value={String(day)}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Message id={`${id}-month-day-message`} text={messages.monthDay} />
        </fieldset>
      )}

      <div className="grid gap-2">
        <label htmlFor={`${id}-start`} className="text-sm font-medium leading-none">
          First day
        </label>
        <Input
          id={`${id}-start`}
          type="date"
          className="h-9 w-auto min-w-40 justify-self-start"
          value={value.startDay}
          onChange={(event) => onChange(changeStartDay(value, event.target.value))}
          {...described(`${id}-start-message`, messages.startDay)}
        />
        <Message id={`${id}-start-message`} text={messages.startDay} />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium leading-none">Ends</legend>
        <EndChoice id={id} end="never" label="Never" value={value} onChange={edit} />
        <EndChoice id={id} end="count" label="After" value={value} onChange={edit}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            aria-label="Number of times"
            className="h-9 w-20"
            value={value.count}
            onChange={(event) => edit({ end: 'count', count: event.target.value })}
            {...described(`${id}-count-message`, messages.count)}
          />
          <span className="text-sm text-muted-foreground">times</span>
        </EndChoice>
        <Message id={`${id}-count-message`} text={messages.count} />
        <EndChoice id={id} end="date" label="On" value={value} onChange={edit}>
          <Input
            type="date"
            aria-label="Last day"
            className="h-9 w-auto min-w-40"
            value={value.endDay}
            onChange={(event) => edit({ end: 'date', endDay: event.target.value })}
            {...described(`${id}-end-message`, messages.endDay)}
          />
        </EndChoice>
        <Message id={`${id}-end-message`} text={messages.endDay} />
      </fieldset>
      <Message id={`${id}-rule-message`} text={messages.rule} />
    </fieldset>
  );
}

interface EndChoiceProps {
  id: string;
  end: ScheduleEnd;
  value: ScheduleForm;
  label: string;
  onChange: (change: Partial<ScheduleForm>) => void;
  /** The field that goes with this choice; editing it chooses it. */
  children?: ReactNode;
}

/** One way to end: its radio, its label and the field that goes with it. */
function EndChoice({ id, end, label, value, onChange, children }: EndChoiceProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="radio"
        id={`${id}-end-${end}`}
        name={`${id}-end`}
        checked={value.end === end}
        onChange={() => onChange({ end })}
        className="size-4 accent-primary"
      />
      <label htmlFor={`${id}-end-${end}`} className="text-sm">
        {label}
      </label>
      {children}
    </div>
  );
}
