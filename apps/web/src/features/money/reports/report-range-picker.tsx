import { useId, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import {
  findRangePreset,
  findRangeProblem,
  getPresetRange,
  type ReportRange,
  type ReportRangePresetId,
  reportRangePresets,
} from './report-range';

interface ReportRangePickerProps {
  range: ReportRange;
  /** The user's today (YYYY-MM-DD), which the presets count back from. */
  today: string;
  onRangeChange: (range: ReportRange) => void;
}

const CUSTOM = 'custom';

function isPresetId(value: string): value is ReportRangePresetId {
  return reportRangePresets.some((preset) => preset.id === value);
}

/**
 * A preset period or any two days. The days apply as soon as they make a range; until then the
 * fields keep what was typed and say what is missing.
 */
export function ReportRangePicker({ range, today, onRangeChange }: ReportRangePickerProps) {
  const id = useId();
  const fromInput = useRef<HTMLInputElement>(null);
  const [isCustomChosen, setIsCustomChosen] = useState(false);
  // What the day fields hold, while it is not (yet) a range; reset whenever the range changes.
  const [draft, setDraft] = useState<{ base: ReportRange; value: ReportRange }>({
    base: range,
    value: range,
  });
  const fields = draft.base.from === range.from && draft.base.to === range.to ? draft.value : range;
  const problem = findRangeProblem(fields);
  const preset = findRangePreset(range, today);

  function editDay(change: Partial<ReportRange>) {
    const value = { ...fields, ...change };
    if (findRangeProblem(value) === null) {
      setIsCustomChosen(false);
      setDraft({ base: value, value });
      onRangeChange(value);
    } else {
      setDraft({ base: range, value });
    }
  }

  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Report period</legend>
      <div className="grid gap-2">
        <label htmlFor={`${id}-preset`} className="text-sm font-medium leading-none">
          Period
        </label>
        <NativeSelect
          id={`${id}-preset`}
          className="w-44"
          value={isCustomChosen ? CUSTOM : preset}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isPresetId(chosen)) {
              setIsCustomChosen(false);
              onRangeChange(getPresetRange(chosen, today));
            } else {
              setIsCustomChosen(true);
              fromInput.current?.focus();
            }
          }}
        >
          {reportRangePresets.map(({ id: presetId, label }) => (
            <option key={presetId} value={presetId}>
              {label}
            </option>
          ))}
          <option value={CUSTOM}>Custom range</option>
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-from`} className="text-sm font-medium leading-none">
          From
        </label>
        <Input
          ref={fromInput}
          id={`${id}-from`}
          type="date"
          className="h-9 w-auto min-w-36"
          value={fields.from}
          max={fields.to || undefined}
          aria-invalid={problem !== null && fields.from !== range.from ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => editDay({ from: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-to`} className="text-sm font-medium leading-none">
          To
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          className="h-9 w-auto min-w-36"
          value={fields.to}
          min={fields.from || undefined}
          aria-invalid={problem !== null && fields.to !== range.to ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => editDay({ to: event.target.value })}
        />
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-destructive">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
