import { type CsvDateFormat, csvDateFormats, type MoneyImportPreview } from '@cairn/contracts/money';
import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/native-select';
import type { ColumnChoiceErrors } from './column-mapping';
import type { ColumnChoice, DecimalSeparator } from './guess-mapping';

export const csvDelimiters = [
  { value: ',', label: 'Comma' },
  { value: ';', label: 'Semicolon' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe' },
] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number]['value'];
export type DelimiterChoice = CsvDelimiter | 'auto';

export interface ReadingOptions {
  hasHeader: boolean;
  delimiter: DelimiterChoice;
}

interface ImportColumnsStepProps {
  preview: MoneyImportPreview;
  reading: ReadingOptions;
  onReadingChange: (reading: ReadingOptions) => void;
  choice: ColumnChoice;
  onChoiceChange: (choice: ColumnChoice) => void;
  dateFormat: CsvDateFormat;
  onDateFormatChange: (format: CsvDateFormat) => void;
  decimalSeparator: DecimalSeparator;
  onDecimalSeparatorChange: (separator: DecimalSeparator) => void;
  errors: ColumnChoiceErrors;
  isReading: boolean;
}

const SAMPLE_ROWS = 5;

const ROLE_LABELS: Record<'date' | 'amount' | 'debit' | 'credit' | 'note' | 'category', string> = {
  date: 'Date',
  amount: 'Amount',
  debit: 'Debit',
  credit: 'Credit',
  note: 'Note',
  category: 'Category',
};

function delimiterName(delimiter: string): string {
  return (
    csvDelimiters.find((candidate) => candidate.value === delimiter)?.label.toLowerCase() ?? `“${delimiter}”`
  );
}

/** Which column is which, how the file is read, and its first rows to check against. */
export function ImportColumnsStep({
  preview,
  reading,
  onReadingChange,
  choice,
  onChoiceChange,
  dateFormat,
  onDateFormatChange,
  decimalSeparator,
  onDecimalSeparatorChange,
  errors,
  isReading,
}: ImportColumnsStepProps) {
  const id = useId();
  const edit = (change: Partial<ColumnChoice>) => onChoiceChange({ ...choice, ...change });
  const columnOptions = preview.columns.map((name, index) => ({
    value: String(index),
    label: name || `Column ${index + 1}`,
  }));
  const isSingle = choice.amountMode === 'amount';
  const roleOf = (column: number) => {
    const key = String(column);
    const roles = (Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).filter((role) => {
      if (role === 'amount' && !isSingle) return false;
      if ((role === 'debit' || role === 'credit') && isSingle) return false;
      return choice[role] === key;
    });
    return roles.map((role) => ROLE_LABELS[role]).join(', ');
  };
  const firstDate = choice.date === '' ? undefined : preview.rows[0]?.cells[Number(choice.date)];

  const columnSelect = (
    role: 'date' | 'amount' | 'debit' | 'credit' | 'note' | 'category',
    label: string,
    { isOptional = false, error }: { isOptional?: boolean; error?: string | undefined } = {},
  ) => (
    <div className="grid content-start gap-2">
      <label htmlFor={`${id}-${role}`} className="text-sm font-medium leading-none">
        {label}
      </label>
      <NativeSelect
        id={`${id}-${role}`}
        value={choice[role]}
        onChange={(event) => edit({ [role]: event.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${role}-error` : undefined}
      >
        <option value="">{isOptional ? 'None' : 'Choose a column'}</option>
        {columnOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {error && (
        <p id={`${id}-${role}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <div className="grid gap-5">
      <fieldset className="flex flex-wrap items-end gap-x-6 gap-y-3" disabled={isReading}>
        <legend className="sr-only">How the file is read</legend>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={reading.hasHeader}
            onChange={(event) => onReadingChange({ ...reading, hasHeader: event.target.checked })}
          />
          First row holds the column names
        </label>
        <div className="grid gap-2">
          <label htmlFor={`${id}-delimiter`} className="text-sm font-medium leading-none">
            Column separator
          </label>
          <NativeSelect
            id={`${id}-delimiter`}
            className="w-52"
            value={reading.delimiter}
            onChange={(event) => {
              const value = event.target.value;
              const delimiter = csvDelimiters.find((candidate) => candidate.value === value)?.value ?? 'auto';
              onReadingChange({ ...reading, delimiter });
            }}
          >
            <option value="auto">Automatic ({delimiterName(preview.delimiter)})</option>
            {csvDelimiters.map(({ value, label }) => (
              <option key={label} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {isReading && <p className="text-sm text-muted-foreground">Reading the file again…</p>}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold">Columns</legend>
        {columnSelect('date', 'Date', { error: errors.date })}
        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-medium leading-none">Amounts are in</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-amount-mode`}
              className="size-4 accent-primary"
              checked={isSingle}
              onChange={() => edit({ amountMode: 'amount' })}
            />
            One column, negative for money out
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-amount-mode`}
              className="size-4 accent-primary"
              checked={!isSingle}
              onChange={() => edit({ amountMode: 'debitCredit' })}
            />
            Separate debit and credit columns
          </label>
        </fieldset>
        {isSingle ? (
          columnSelect('amount', 'Amount', { error: errors.amount })
        ) : (
          <>
            {columnSelect('debit', 'Debit (money out)', { isOptional: true, error: errors.debit })}
            {columnSelect('credit', 'Credit (money in)', { isOptional: true })}
          </>
        )}
        {columnSelect('note', 'Note (payee, description)', { isOptional: true })}
        {columnSelect('category', 'Category', { isOptional: true })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold">Format</legend>
        <div className="grid content-start gap-2">
          <label htmlFor={`${id}-date-format`} className="text-sm font-medium leading-none">
            Date format
          </label>
          <NativeSelect
            id={`${id}-date-format`}
            value={dateFormat}
            onChange={(event) => {
              const format = csvDateFormats.find((candidate) => candidate === event.target.value);
              if (format) onDateFormatChange(format);
            }}
            aria-describedby={firstDate ? `${id}-date-example` : undefined}
          >
            {csvDateFormats.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </NativeSelect>
          {firstDate && (
            <p id={`${id}-date-example`} className="text-xs text-muted-foreground">
              The first row reads “{firstDate}”.
            </p>
          )}
        </div>
        <div className="grid content-start gap-2">
          <label htmlFor={`${id}-decimal`} className="text-sm font-medium leading-none">
            Decimal separator
          </label>
          <NativeSelect
            id={`${id}-decimal`}
            value={decimalSeparator}
            onChange={(event) => onDecimalSeparatorChange(event.target.value === ',' ? ',' : '.')}
          >
            <option value=".">Point: 1,234.56</option>
            <option value=",">Comma: 1.234,56</option>
          </NativeSelect>
        </div>
      </fieldset>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">First rows</h3>
        <div className="max-w-full overflow-x-auto rounded-md border">
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">The first rows of the file, as read</caption>
            <thead className="bg-muted/60">
              <tr>
                {columnOptions.map((option, index) => (
                  <th
                    key={option.value}
                    scope="col"
                    className="px-2 py-1.5 text-left align-bottom font-medium"
                  >
                    <span className="block whitespace-nowrap">{option.label}</span>
                    {roleOf(index) && (
                      <span className="mt-1 inline-block rounded bg-primary px-1.5 py-0.5 text-[0.7rem] font-medium text-primary-foreground">
                        {roleOf(index)}
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.slice(0, SAMPLE_ROWS).map((row) => (
                <tr key={row.line} className="border-t">
                  {columnOptions.map((option, index) => (
                    <td key={option.value} className="max-w-48 truncate px-2 py-1.5 whitespace-nowrap">
                      {row.cells[index] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-muted-foreground">
          {preview.totalRows} {preview.totalRows === 1 ? 'row' : 'rows'} in the file.
        </p>
      </div>
    </div>
  );
}
