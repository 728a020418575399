import {
  type CreateTrackerBody,
  TRACKER_NAME_MAX_LENGTH,
  TRACKER_NOTE_MAX_LENGTH,
  TRACKER_ORIGIN_MAX_LENGTH,
  TRACKER_UNIT_MAX_LENGTH,
  type Tracker,
  type TrackerGroup,
  type TrackerValueFormat,
} from '@cairn/contracts/trackers';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useCurrencies } from '../../../lib/currencies';
import { showErrorToast } from '../../../lib/error-toast';
import { useCreateTrackerMutation } from '../api/create-tracker';
import { useUpdateTrackerMutation } from '../api/update-tracker';
import { formatTrackerValue } from '../utils/format-tracker-value';
import { serverFieldErrors } from '../utils/server-field-errors';
import { FormulaEditor } from './formula-editor';

const fields = [
  'name',
  'valueFormat',
  'currencyId',
  'unit',
  'note',
  'lowerBoundary',
  'upperBoundary',
  'groupId',
  'origin',
  'isCalculated',
  'calculationFormula',
  'sourceTrackerIds',
] as const;
type Field = (typeof fields)[number];

const valueFormatLabels: Record<TrackerValueFormat, string> = {
  number: 'Number',
  currency: 'Currency',
  percentage: 'Percentage',
};

const textareaClassName =
  'min-h-16 w-full rounded-md border border-input bg-background px-3 py-2 text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive sm:text-sm';

interface TrackerDialogProps {
  /** The tracker being edited; left out to create one. */
  tracker?: Tracker;
  /** The group a new tracker starts in. */
  initialGroupId?: string | null;
  groups: readonly TrackerGroup[];
  trackers: readonly Tracker[];
  onClose: () => void;
}

/** Every field of a tracker; "Calculated" turns it into a formula over other trackers. */
export function TrackerDialog({
  tracker,
  initialGroupId = null,
  groups,
  trackers,
  onClose,
}: TrackerDialogProps) {
  const currencies = useCurrencies().data ?? [];
  const [name, setName] = useState(tracker?.name ?? '');
  const [valueFormat, setValueFormat] = useState<TrackerValueFormat>(tracker?.valueFormat ?? 'number');
  const [currencyId, setCurrencyId] = useState(tracker?.currencyId ?? '');
  const [unit, setUnit] = useState(tracker?.unit ?? '');
  const [note, setNote] = useState(tracker?.note ?? '');
  const [lowerBoundary, setLowerBoundary] = useState(tracker?.lowerBoundary ?? '');
  const [upperBoundary, setUpperBoundary] = useState(tracker?.upperBoundary ?? '');
  const [groupId, setGroupId] = useState(tracker?.groupId ?? initialGroupId ?? '');
  const [origin, setOrigin] = useState(tracker?.origin ?? '');
  const [isCalculated, setIsCalculated] = useState(tracker?.isCalculated ?? false);
  const [formula, setFormula] = useState(tracker?.calculationFormula ?? '');
  const [sourceTrackerIds, setSourceTrackerIds] = useState<string[]>(tracker?.sourceTrackerIds ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateTrackerMutation();
  const update = useUpdateTrackerMutation();
  const isPending = create.isPending || update.isPending;
  const isSystem = tracker?.isSystem ?? false;
  const candidates = trackers.filter((candidate) => candidate.id !== tracker?.id);
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;

  const clear = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);

  function bodyOf(): CreateTrackerBody {
    const common = {
      name: name.trim(),
      valueFormat,
      currencyId: valueFormat === 'currency' ? currencyId || null : null,
      unit: valueFormat === 'number' ? unit.trim() || null : null,
      note: note.trim() || null,
      lowerBoundary: lowerBoundary.trim() || null,
      upperBoundary: upperBoundary.trim() || null,
      groupId: groupId || null,
    };
    // A system tracker's origin and way of being fed belong to the data it follows.
    if (isSystem) return common;
    return {
      ...common,
      origin: origin.trim() || null,
      isCalculated,
      calculationFormula: isCalculated ? formula : null,
      sourceTrackerIds: isCalculated ? sourceTrackerIds : [],
    };
  }

  function submit() {
    const body = bodyOf();
    const options = {
      onSuccess: onClose,
      onError: (error: unknown) => {
        const found = serverFieldErrors(error, fields);
        if (Object.keys(found).length > 0) setErrors(found);
        else showErrorToast(error, 'Could not save the tracker');
      },
    };
    if (tracker) update.mutate({ id: tracker.id, body }, options);
    else create.mutate(body, options);
  }

  const formatResult = (value: string) => formatTrackerValue(value, { valueFormat, currencyCode, unit });

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={tracker ? `Edit “${tracker.name}”` : 'New tracker'}
      description={
        isSystem
          ? 'A system tracker follows your own data; its values cannot be typed.'
          : 'A value you log by hand, or one calculated from other trackers.'
      }
      className="sm:max-w-2xl"
      // A click beside the dialog would lose a formula half written.
      onInteractOutside={(event) => event.preventDefault()}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={TRACKER_NAME_MAX_LENGTH + 1}
                autoComplete="off"
                placeholder="Weight, Sleep, Mood…"
                onChange={(event) => {
                  setName(event.target.value);
                  clear('name');
                }}
              />
            )}
          </FormField>
          <FormField label="Value format" error={errors.valueFormat}>
            {(control) => (
              <NativeSelect
                {...control}
                className="w-full [&_select]:h-10"
                value={valueFormat}
                onChange={(event) => {
                  setValueFormat(event.target.value as TrackerValueFormat);
                  clear('valueFormat');
                }}
              >
                {Object.entries(valueFormatLabels).map(([format, label]) => (
                  <option key={format} value={format}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {valueFormat === 'currency' && (
            <FormField label="Currency" error={errors.currencyId}>
              {(control) => (
                <NativeSelect
                  {...control}
                  className="w-full [&_select]:h-10"
                  value={currencyId}
                  onChange={(event) => {
                    setCurrencyId(event.target.value);
                    clear('currencyId');
                  }}
                >
                  <option value="">Choose a currency</option>
                  {currencies.map((currency) => (
                    <option key={currency.id} value={currency.id}>
                      {currency.code} · {currency.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          {valueFormat === 'number' && (
            <FormField label="Unit (optional)" error={errors.unit}>
              {(control) => (
                <Input
                  {...control}
                  value={unit}
                  maxLength={TRACKER_UNIT_MAX_LENGTH + 1}
                  autoComplete="off"
                  placeholder="kg, cm, h…"
                  onChange={(event) => {
                    setUnit(event.target.value);
                    clear('unit');
                  }}
                />
              )}
            </FormField>
          )}
          <FormField label="Lower boundary (optional)" error={errors.lowerBoundary}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={lowerBoundary}
                onChange={(event) => {
                  setLowerBoundary(event.target.value);
                  clear('lowerBoundary');
                }}
              />
            )}
          </FormField>
          <FormField label="Upper boundary (optional)" error={errors.upperBoundary}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={upperBoundary}
                onChange={(event) => {
                  setUpperBoundary(event.target.value);
                  clear('upperBoundary');
                }}
              />
            )}
          </FormField>
          <FormField label="Group" error={errors.groupId}>
            {(control) => (
              <NativeSelect
                {...control}
                className="w-full [&_select]:h-10"
                value={groupId}
                onChange={(event) => {
                  setGroupId(event.target.value);
                  clear('groupId');
                }}
              >
                <option value="">No group</option>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="Origin (optional)"
            hint={
              isSystem ? 'The data this tracker follows.' : 'Where the values come from, such as a scale.'
            }
            error={errors.origin}
          >
            {(control) => (
              <Input
                {...control}
                value={origin}
                disabled={isSystem}
                maxLength={TRACKER_ORIGIN_MAX_LENGTH + 1}
                autoComplete="off"
                onChange={(event) => {
                  setOrigin(event.target.value);
                  clear('origin');
                }}
              />
            )}
          </FormField>
          <FormField label="Note (optional)" error={errors.note} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                className={textareaClassName}
                value={note}
                maxLength={TRACKER_NOTE_MAX_LENGTH + 1}
                onChange={(event) => {
                  setNote(event.target.value);
                  clear('note');
                }}
              />
            )}
          </FormField>
        </div>
        {!isSystem && (
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={isCalculated}
              onChange={(event) => {
                setIsCalculated(event.target.checked);
                clear('isCalculated');
              }}
            />
            Calculated from other trackers
          </label>
        )}
        {errors.isCalculated && <p className="text-sm text-destructive">{errors.isCalculated}</p>}
        {!isSystem && isCalculated && (
          <FormulaEditor
            trackerId={tracker?.id}
            candidates={candidates}
            sourceTrackerIds={sourceTrackerIds}
            onSourcesChange={(ids) => {
              setSourceTrackerIds(ids);
              clear('sourceTrackerIds');
              clear('calculationFormula');
            }}
            formula={formula}
            onFormulaChange={(next) => {
              setFormula(next);
              clear('calculationFormula');
            }}
            formulaError={errors.calculationFormula}
            sourcesError={errors.sourceTrackerIds}
            formatResult={formatResult}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : tracker ? 'Save' : 'Create tracker'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
