import type { MoneyImportPreview } from '@cairn/contracts/money';
import { cn } from '../../../lib/cn';
import { formatDay } from '../reports/report-figures';
import { type CurrencyFormat, directionClassNames, formatSignedAmount } from '../shared/format-amount';

type RowStatus = NonNullable<MoneyImportPreview['rows'][number]['status']>;

const STATUS_LABELS: Record<RowStatus, string> = { new: 'New', duplicate: 'Duplicate', invalid: 'Invalid' };
const STATUS_CLASSES: Record<RowStatus, string> = {
  new: 'bg-primary/15 text-foreground',
  duplicate: 'bg-muted text-muted-foreground',
  invalid: 'bg-destructive/15 text-destructive',
};

interface ImportReviewStepProps {
  preview: MoneyImportPreview;
  currency: CurrencyFormat | undefined;
}

/** What each row becomes, and the counts for the whole file. */
export function ImportReviewStep({ preview, currency }: ImportReviewStepProps) {
  const summary = preview.summary ?? { new: 0, duplicates: 0, invalid: 0 };
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Rows in the file">
        <Count label="New" value={summary.new} className="border-primary/40" />
        <Count label={summary.duplicates === 1 ? 'Duplicate' : 'Duplicates'} value={summary.duplicates} />
        <Count
          label="Invalid"
          value={summary.invalid}
          className={summary.invalid > 0 ? 'border-destructive/50' : ''}
        />
      </dl>
      <p className="text-sm text-muted-foreground">
        Duplicates match a transaction already in the account (same day, amount, currency and note) and are
        skipped, as are invalid rows.
        {preview.rows.length < preview.totalRows &&
          ` Showing the first ${preview.rows.length} of ${preview.totalRows} rows; the counts cover them all.`}
      </p>
      <div className="max-h-[45dvh] overflow-auto rounded-md border">
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">Each row of the file and what it becomes</caption>
          <thead className="sticky top-0 bg-muted">
            <tr className="text-left">
              <th scope="col" className="px-2 py-1.5 font-medium">
                Line
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Date
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Note
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Category
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => {
              const transaction = row.transaction;
              const direction = transaction?.type === 'income' ? 'in' : 'out';
              return (
                <tr key={row.line} className="border-t align-top">
                  <td className="px-2 py-1.5 text-muted-foreground tabular-nums">{row.line}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    {transaction ? formatDay(transaction.date) : '—'}
                  </td>
                  <td className="min-w-40 max-w-64 px-2 py-1.5 break-words">
                    {transaction ? transaction.note : row.cells.join(' · ')}
                  </td>
                  <td className="px-2 py-1.5">{transaction?.category ?? ''}</td>
                  <td
                    className={cn(
                      'px-2 py-1.5 text-right whitespace-nowrap tabular-nums',
                      transaction && directionClassNames[direction],
                    )}
                  >
                    {transaction ? formatSignedAmount(transaction.amount, currency, direction) : ''}
                  </td>
                  <td className="px-2 py-1.5">
                    {row.status && (
                      <span
                        className={cn(
                          'inline-block rounded px-1.5 py-0.5 text-xs font-medium',
                          STATUS_CLASSES[row.status],
                        )}
                      >
                        {STATUS_LABELS[row.status]}
                      </span>
                    )}
                    {row.error && <p className="mt-1 text-xs text-destructive">{row.error}</p>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Count({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className={cn('grid gap-0.5 rounded-lg border px-2 py-3', className)}>
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
