import type { Currency } from '@cairn/contracts/currencies';
import type {
  CsvDateFormat,
  MoneyAccount,
  MoneyImportBody,
  MoneyImportPreview,
  MoneyImportResult,
} from '@cairn/contracts/money';
import { CheckCircle2Icon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { useCurrencies } from '../../../lib/currencies';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toasts';
import { useMoneyAccounts } from '../api/get-money-accounts';
import { usePreviewImportMutation } from '../api/preview-import';
import { useRunImportMutation } from '../api/run-import';
import { splitTreeChoice } from '../shared/money-tree';
import { type ColumnChoiceErrors, formatImportSummary, toColumnMapping } from './column-mapping';
import { type ColumnChoice, type DecimalSeparator, guessMapping } from './guess-mapping';
import { ImportColumnsStep, type ReadingOptions } from './import-columns-step';
import { type ChosenFile, ImportFileStep } from './import-file-step';
import { ImportReviewStep } from './import-review-step';

export interface ImportTransactionsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The account the import starts with (the register's filter, say). */
  defaultAccountId?: string;
}

const STEPS = [
  { step: 'file', label: 'File' },
  { step: 'columns', label: 'Columns' },
  { step: 'review', label: 'Review' },
  { step: 'done', label: 'Import' },
] as const;
type Step = (typeof STEPS)[number]['step'];

/**
 * Imports a bank's CSV export into an account, in four steps: the file, which column is which, a
 * review of what each row becomes (duplicates of existing transactions flagged), and the import, one
 * request that writes every new row at once.
 */
export function ImportTransactionsDialog({
  open,
  onOpenChange,
  defaultAccountId,
}: ImportTransactionsDialogProps) {
  const [isImporting, setIsImporting] = useState(false);
  // A new wizard each time the dialog opens, starting from the first step.
  const [session, setSession] = useState(0);
  return (
    <Dialog
      isOpen={open}
      onOpenChange={(isOpen) => {
        // The import is one request already on its way; closing would hide its outcome.
        if (!isOpen && isImporting) return;
        if (!isOpen) setSession((current) => current + 1);
        onOpenChange(isOpen);
      }}
      title="Import transactions"
      description="From your bank's CSV export: choose the file, match its columns, check the rows, import."
      className="sm:max-w-3xl lg:max-w-4xl"
      onInteractOutside={(event) => event.preventDefault()}
    >
      {open && (
        <ImportWizard
          key={session}
          defaultAccountId={defaultAccountId}
          onImportingChange={setIsImporting}
          onClose={() => {
            setSession((current) => current + 1);
            onOpenChange(false);
          }}
          onRestart={() => setSession((current) => current + 1)}
        />
      )}
    </Dialog>
  );
}

interface ImportWizardProps {
  defaultAccountId: string | undefined;
  onImportingChange: (isImporting: boolean) => void;
  onClose: () => void;
  onRestart: () => void;
}

/** The wizard once the accounts and currencies it starts from are in. */
function ImportWizard(props: ImportWizardProps) {
  const accounts = useMoneyAccounts();
  const currencies = useCurrencies();
  if (accounts.isError || currencies.isError) {
    return (
      <p role="alert" className="text-sm">
        Could not load your accounts and currencies. Close this window and try again.
      </p>
    );
  }
  if (!accounts.data || !currencies.data) {
    return (
      <p aria-busy className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden />
        Loading your accounts…
      </p>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Create an account first, on the Accounts tab: imported transactions go into one.
      </p>
    );
  }
  return <ImportWizardSteps {...props} accounts={accounts.data} currencies={currencies.data} />;
}

function ImportWizardSteps({
  defaultAccountId,
  onImportingChange,
  onClose,
  onRestart,
  accounts,
  currencies,
}: ImportWizardProps & { accounts: readonly MoneyAccount[]; currencies: readonly Currency[] }) {
  const userCurrencyCode = useCurrentUser().data?.currency;
  const previewImport = usePreviewImportMutation();
  const runImport = useRunImportMutation();

  const currencyOf = (accountId: string) => {
    const account = accounts.find((candidate) => candidate.id === accountId);
    const parent = account?.parentId
      ? accounts.find((candidate) => candidate.id === account.parentId)
      : undefined;
    return (
      account?.currencyId ??
      parent?.currencyId ??
      currencies.find((currency) => currency.code === userCurrencyCode)?.id ??
      ''
    );
  };

  const [step, setStep] = useState<Step>('file');
  const initialAccount = accounts.some((account) => account.id === defaultAccountId)
    ? (defaultAccountId ?? '')
    : '';
  const [account, setAccount] = useState(initialAccount);
  const [currencyId, setCurrencyId] = useState(() => currencyOf(initialAccount));
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileErrors, setFileErrors] = useState<{ account?: string; file?: string }>({});
  const [reading, setReading] = useState<ReadingOptions>({ hasHeader: true, delimiter: 'auto' });
  const [columnsPreview, setColumnsPreview] = useState<MoneyImportPreview | null>(null);
  const [choice, setChoice] = useState<ColumnChoice | null>(null);
  const [dateFormat, setDateFormat] = useState<CsvDateFormat>('yyyy-MM-dd');
  const [decimalSeparator, setDecimalSeparator] = useState<DecimalSeparator>('.');
  const [choiceErrors, setChoiceErrors] = useState<ColumnChoiceErrors>({});
  const [review, setReview] = useState<MoneyImportPreview | null>(null);
  const [result, setResult] = useState<MoneyImportResult | null>(null);

  const target = splitTreeChoice(account, accounts);
  const currency = currencies.find((candidate) => candidate.id === currencyId);

  function baseBody(csv: string, options: ReadingOptions): MoneyImportBody | null {
    if (!target) return null;
    return {
      csv,
      accountId: target.parentId,
      subAccountId: target.childId,
      currencyId,
      hasHeader: options.hasHeader,
      ...(options.delimiter !== 'auto' && { delimiter: options.delimiter }),
    };
  }

  /** Reads the columns (no mapping yet) and guesses which is which from their names and first rows. */
  function readColumns(options: ReadingOptions, { onRead }: { onRead?: () => void } = {}) {
    const body = file && baseBody(file.text, options);
    if (!body) return;
    previewImport.mutate(body, {
      onSuccess: (preview) => {
        const guess = guessMapping(
          preview.columns,
          preview.rows.map((row) => row.cells),
        );
        setColumnsPreview(preview);
        setChoice(guess.columns);
        setDateFormat(guess.dateFormat);
        setDecimalSeparator(guess.decimalSeparator);
        setChoiceErrors({});
        onRead?.();
      },
    });
  }

  function mappedBody(): MoneyImportBody | null {
    if (!choice || !file) return null;
    const mapped = toColumnMapping(choice);
    if (mapped.errors) {
      setChoiceErrors(mapped.errors);
      return null;
    }
    const body = baseBody(file.text, reading);
    return body && { ...body, mapping: mapped.mapping, dateFormat, decimalSeparator };
  }

  function goForward() {
    if (step === 'file') {
      const errors = {
        ...(!target && { account: 'Choose the account to import into' }),
        ...(!file && { file: fileErrors.file ?? 'Choose a CSV file' }),
      };
      setFileErrors(errors);
      if (Object.keys(errors).length === 0) readColumns(reading, { onRead: () => setStep('columns') });
      return;
    }
    if (step === 'columns') {
      const body = mappedBody();
      if (!body) return;
      previewImport.mutate(body, {
        onSuccess: (preview) => {
          setReview(preview);
          setStep('review');
        },
      });
      return;
    }
    if (step === 'review') {
      const body = mappedBody();
      if (!body) return;
      onImportingChange(true);
      runImport.mutate(body, {
        onSuccess: (imported) => {
          setResult(imported);
          setStep('done');
          toast.success('Import finished', { description: formatImportSummary(imported) });
        },
        onSettled: () => onImportingChange(false),
      });
    }
  }

  const isBusy = previewImport.isPending || runImport.isPending;
  const newRows = review?.summary?.new ?? 0;

  return (
    <form
      noValidate
      className="grid min-w-0 gap-5"
      aria-busy={isBusy}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!isBusy) goForward();
      }}
    >
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
        {STEPS.map(({ step: name, label }, index) => {
          const current = STEPS.findIndex((candidate) => candidate.step === step);
          return (
            <li
              key={name}
              aria-current={name === step ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5',
                name === step ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                className={cn(
                  'grid size-5 place-items-center rounded-full border text-xs',
                  index <= current && 'border-primary bg-primary text-primary-foreground',
                )}
                aria-hidden
              >
                {index + 1}
              </span>
              {label}
            </li>
          );
        })}
      </ol>

      {step === 'file' && (
        <ImportFileStep
          accounts={accounts}
          currencies={currencies}
          account={account}
          currencyId={currencyId}
          file={file}
          errors={fileErrors}
          onAccountChange={(next) => {
            setAccount(next);
            setCurrencyId(currencyOf(next) || currencyId);
            setFileErrors(({ account: _account, ...rest }) => rest);
          }}
          onCurrencyChange={setCurrencyId}
          onFileChange={(chosen, error) => {
            setFile(chosen);
            setFileErrors(({ file: _file, ...rest }) => (error ? { ...rest, file: error } : rest));
          }}
        />
      )}
      {step === 'columns' && columnsPreview && choice && (
        <ImportColumnsStep
          preview={columnsPreview}
          reading={reading}
          onReadingChange={(next) => {
            setReading(next);
            readColumns(next);
          }}
          choice={choice}
          onChoiceChange={(next) => {
            setChoice(next);
            setChoiceErrors({});
          }}
          dateFormat={dateFormat}
          onDateFormatChange={setDateFormat}
          decimalSeparator={decimalSeparator}
          onDecimalSeparatorChange={setDecimalSeparator}
          errors={choiceErrors}
          isReading={previewImport.isPending}
        />
      )}
      {step === 'review' && review && <ImportReviewStep preview={review} currency={currency} />}
      {step === 'done' && result && (
        <div role="status" className="grid justify-items-center gap-2 py-6 text-center">
          <CheckCircle2Icon className="size-10 text-primary" aria-hidden />
          <p className="text-lg font-semibold">{formatImportSummary(result)}</p>
          <p className="text-sm text-muted-foreground">
            {result.created === 0
              ? 'Nothing new was added.'
              : `The ${result.created === 1 ? 'transaction is' : 'transactions are'} in the register now.`}
          </p>
        </div>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {step === 'done' ? (
          <>
            <Button variant="outline" className="sm:mr-auto" onClick={onRestart}>
              Import another file
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            {step !== 'file' && (
              <Button
                variant="outline"
                className="sm:mr-auto"
                disabled={isBusy}
                onClick={() => setStep(step === 'review' ? 'columns' : 'file')}
              >
                Back
              </Button>
            )}
            <Button
              variant="ghost"
              className={cn(step === 'file' && 'sm:ml-auto')}
              disabled={isBusy}
              onClick={onClose}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy || (step === 'review' && newRows === 0)}>
              {isBusy && <Loader2Icon className="animate-spin" aria-hidden />}
              {submitLabel(step, { isBusy, isImporting: runImport.isPending, newRows })}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

function submitLabel(
  step: Step,
  { isBusy, isImporting, newRows }: { isBusy: boolean; isImporting: boolean; newRows: number },
) {
  if (isImporting) return 'Importing…';
  if (isBusy) return 'Reading…';
  if (step === 'file') return 'Next';
  if (step === 'columns') return 'Preview';
  return newRows === 0
    ? 'Nothing new to import'
    : `Import ${newRows} ${newRows === 1 ? 'transaction' : 'transactions'}`;
}
