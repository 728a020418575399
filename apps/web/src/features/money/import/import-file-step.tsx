import type { Currency } from '@cairn/contracts/currencies';
import { FileTextIcon, UploadIcon } from 'lucide-react';
import { type DragEvent, useId, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { CurrencySelect } from '../shared/currency-select';
import { type MoneyTreeItem, toTreeOptions } from '../shared/money-tree';
import { TreeSelect } from '../shared/tree-select';
import { readCsvFile } from './read-csv-file';

export interface ChosenFile {
  name: string;
  text: string;
}

interface ImportFileStepProps {
  accounts: readonly MoneyTreeItem[];
  currencies: readonly Currency[];
  account: string;
  currencyId: string;
  file: ChosenFile | null;
  errors: { account?: string; file?: string };
  onAccountChange: (account: string) => void;
  onCurrencyChange: (currencyId: string) => void;
  onFileChange: (file: ChosenFile | null, error?: string) => void;
}

/** Where the rows go (account and currency) and the file, chosen or dropped. */
export function ImportFileStep({
  accounts,
  currencies,
  account,
  currencyId,
  file,
  errors,
  onAccountChange,
  onCurrencyChange,
  onFileChange,
}: ImportFileStepProps) {
  const id = useId();
  const accountOptions = useMemo(() => toTreeOptions(accounts), [accounts]);
  const [isDragging, setIsDragging] = useState(false);
  const [isReading, setIsReading] = useState(false);

  async function takeFile(chosen: File | undefined) {
    if (!chosen) return;
    setIsReading(true);
    const read = await readCsvFile(chosen);
    setIsReading(false);
    if (read.error !== undefined) onFileChange(null, read.error);
    else onFileChange({ name: chosen.name, text: read.text });
  }

  const dragHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setIsDragging(true);
    },
    onDragLeave: () => setIsDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setIsDragging(false);
      void takeFile(event.dataTransfer.files[0]);
    },
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <label htmlFor={`${id}-account`} className="text-sm font-medium leading-none">
            Account
          </label>
          <TreeSelect
            id={`${id}-account`}
            options={accountOptions}
            emptyLabel="Choose an account"
            value={account}
            onChange={(event) => onAccountChange(event.target.value)}
            aria-invalid={errors.account ? true : undefined}
            aria-describedby={errors.account ? `${id}-account-error` : undefined}
          />
          {errors.account && (
            <p id={`${id}-account-error`} className="text-sm text-destructive">
              {errors.account}
            </p>
          )}
        </div>
        <div className="grid content-start gap-2">
          <label htmlFor={`${id}-currency`} className="text-sm font-medium leading-none">
            Currency of the amounts
          </label>
          <CurrencySelect
            id={`${id}-currency`}
            currencies={currencies}
            value={currencyId}
            onChange={(event) => onCurrencyChange(event.target.value)}
          />
        </div>
      </div>

      <div className="grid gap-2">
        <span id={`${id}-file-label`} className="text-sm font-medium leading-none">
          CSV file
        </span>
        <label
          htmlFor={`${id}-file`}
          {...dragHandlers}
          className={cn(
            'grid cursor-pointer justify-items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm transition-colors hover:bg-accent/50 has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
            isDragging && 'border-primary bg-accent',
            errors.file && 'border-destructive',
          )}
        >
          {file ? (
            <FileTextIcon className="size-8 text-primary" aria-hidden />
          ) : (
            <UploadIcon className="size-8 text-muted-foreground" aria-hidden />
          )}
          <span className="font-medium [overflow-wrap:anywhere]">
            {isReading ? 'Reading the file…' : file ? file.name : 'Drop your bank’s CSV export here'}
          </span>
          <span className="text-muted-foreground">
            {file ? 'Choose or drop another file to replace it.' : 'or click to choose one — up to 5 MB'}
          </span>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            className="sr-only"
            aria-labelledby={`${id}-file-label`}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${id}-file-error` : undefined}
            onChange={(event) => {
              void takeFile(event.target.files?.[0]);
              // The same file chosen again (after fixing it) must still be read.
              event.target.value = '';
            }}
          />
        </label>
        {errors.file && (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-destructive">
            {errors.file}
          </p>
        )}
      </div>
    </div>
  );
}
