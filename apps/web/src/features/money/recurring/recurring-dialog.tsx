import type { Currency } from '@cairn/contracts/currencies';
import type {
  MoneyAccount,
  MoneyCategory,
  MoneyRecurring,
  MoneyTransactionInputType,
} from '@cairn/contracts/money';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useCurrencies } from '../../../lib/currencies';
import { useCurrentUser } from '../../../lib/current-user';
import { isHttpError } from '../../../lib/errors';
import { useTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toasts';
import { useCreateRecurringMutation } from '../api/create-recurring';
import { useMoneyAccounts } from '../api/get-money-accounts';
import { useMoneyCategories } from '../api/get-money-categories';
import { useUpdateRecurringMutation } from '../api/update-recurring';
import { formatDay } from '../reports/report-figures';
import { CurrencySelect } from '../shared/currency-select';
import { toTreeOptions } from '../shared/money-tree';
import { TreeSelect } from '../shared/tree-select';
import { zonedToday } from '../shared/zoned-today';
import {
  buildRecurringBody,
  createRecurringFields,
  needsAmountTo,
  type RecurringFieldErrors,
  type RecurringFields,
  readRecurringFields,
} from './recurring-fields';
import { ScheduleFields } from './schedule-fields';
import {
  createScheduleForm,
  readScheduleForm,
  type ScheduleForm,
  settleScheduleForm,
  toZonedDay,
} from './schedule-form';

const TYPES: readonly { type: MoneyTransactionInputType; label: string }[] = [
  { type: 'expense', label: 'Expense' },
  { type: 'income', label: 'Income' },
  { type: 'transfer', label: 'Transfer' },
];

interface RecurringDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The one to edit; null creates a new one. */
  recurring: MoneyRecurring | null;
}

/** Creates or edits a recurring transaction: what it posts, and when. */
export function RecurringDialog({ isOpen, onOpenChange, recurring }: RecurringDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={recurring ? 'Edit recurring transaction' : 'New recurring transaction'}
      description={
        recurring
          ? 'Changes apply to the occurrences still to come; posted transactions stay as they are.'
          : 'It is posted to the register on each day it falls on, by itself.'
      }
      className="sm:max-w-2xl"
      // A click beside the window must not throw away what was typed.
      onInteractOutside={(event) => event.preventDefault()}
    >
      {isOpen && (
        <RecurringFormLoader
          key={recurring?.id ?? 'new'}
          recurring={recurring}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

interface RecurringFormProps {
  recurring: MoneyRecurring | null;
  onDone: () => void;
}

/** The form once the accounts, categories and currencies it starts from are in. */
function RecurringFormLoader(props: RecurringFormProps) {
  const accounts = useMoneyAccounts();
  const categories = useMoneyCategories();
  const currencies = useCurrencies();
  if (accounts.isError || categories.isError || currencies.isError) {
    return (
      <p role="alert" className="text-sm">
        Could not load your accounts, categories and currencies. Close this window and try again.
      </p>
    );
  }
  if (!accounts.data || !categories.data || !currencies.data) {
    return (
      <p aria-busy className="py-6 text-sm text-muted-foreground">
        Loading your accounts…
      </p>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Create an account first, on the Accounts tab: a recurring transaction posts to one.
      </p>
    );
  }
  return (
    <RecurringForm
      {...props}
      accounts={accounts.data}
      categories={categories.data}
      currencies={currencies.data}
    />
  );
}

function RecurringForm({
  recurring,
  onDone,
  accounts,
  categories,
  currencies,
}: RecurringFormProps & {
  accounts: readonly MoneyAccount[];
  categories: readonly MoneyCategory[];
  currencies: readonly Currency[];
}) {
  const id = useId();
  const accountOptions = useMemo(() => toTreeOptions(accounts), [accounts]);
  const categoryOptions = useMemo(() => toTreeOptions(categories), [categories]);
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  const userCurrencyCode = useCurrentUser().data?.currency;
  const create = useCreateRecurringMutation();
  const update = useUpdateRecurringMutation();
  const isSaving = create.isPending || update.isPending;

  /** An account's currency (a sub-account's, else its parent's), else the user's. */
  const defaultCurrencyOf = (accountId: string): string => {
    const account = accounts.find((candidate) => candidate.id === accountId);
    const parent = account?.parentId
      ? accounts.find((candidate) => candidate.id === account.parentId)
      : undefined;
    const userCurrency = currencies.find((currency) => currency.code === userCurrencyCode);
    return account?.currencyId ?? parent?.currencyId ?? userCurrency?.id ?? '';
  };

  const [fields, setFields] = useState<RecurringFields>(() => {
    if (recurring) return readRecurringFields(recurring);
    const firstAccount = accounts.find((account) => account.parentId === null)?.id ?? '';
    return createRecurringFields({ account: firstAccount, currencyId: defaultCurrencyOf(firstAccount) });
  });
  const [schedule, setSchedule] = useState<ScheduleForm>(() =>
    recurring
      ? readScheduleForm(recurring.quickurrence, today, timeZone)
      : createScheduleForm(today, timeZone),
  );
  const [errors, setErrors] = useState<RecurringFieldErrors>({});
  const [showScheduleMessages, setShowScheduleMessages] = useState(false);
  const [serverScheduleMessage, setServerScheduleMessage] = useState<string | undefined>();
  const result = useMemo(() => settleScheduleForm(schedule, today), [schedule, today]);

  const edit = (change: Partial<RecurringFields>) => {
    setFields((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as keyof RecurringFields];
      return next;
    });
  };

  function save() {
    setShowScheduleMessages(true);
    setServerScheduleMessage(undefined);
    if (!result.isValid) return false;
    const built = buildRecurringBody(fields, result.stored, { accounts, categories });
    if (built.errors) {
      setErrors(built.errors);
      return false;
    }
    const onError = (error: unknown) => {
      // The API judged the schedule differently (a rule this form cannot show): say so beside it.
      if (isHttpError(error) && error.issues.some((issue) => issue.path.includes('quickurrence'))) {
        setServerScheduleMessage('Invalid recurrence rule');
      }
    };
    if (recurring) {
      update.mutate(
        { recurringId: recurring.id, body: built.body },
        {
          onSuccess: () => {
            toast.success('Recurring transaction saved');
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(built.body, {
        onSuccess: (created) => {
          toast.success('Recurring transaction created', {
            description:
              created.postedCount > 0
                ? `${created.postedCount} ${created.postedCount === 1 ? 'occurrence' : 'occurrences'} already due ${created.postedCount === 1 ? 'was' : 'were'} posted.`
                : undefined,
          });
          onDone();
        },
        onError,
      });
    }
    return true;
  }

  const isTransfer = fields.type === 'transfer';
  const scheduleMessages = showScheduleMessages && !result.isValid ? result.messages : {};
  const isStartPast = !recurring && schedule.startDay !== '' && schedule.startDay < today;

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (isSaving) return;
        if (!save()) {
          // To the first field at fault, once the messages are on screen.
          const form = event.currentTarget;
          requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        }
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium leading-none">Type</legend>
        <div className="grid grid-cols-3 gap-1 rounded-md bg-muted p-1">
          {TYPES.map(({ type, label }) => {
            // A transfer stays a transfer; income and expense may swap.
            const isLocked = recurring !== null && (recurring.type === 'transfer') !== (type === 'transfer');
            return (
              <label
                key={type}
                className="relative flex h-8 cursor-pointer items-center justify-center rounded text-sm font-medium text-muted-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={type}
                  checked={fields.type === type}
                  disabled={isLocked}
                  onChange={() => edit({ type })}
                  className="sr-only"
                />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-account`} label={isTransfer ? 'From account' : 'Account'} error={errors.account}>
          <TreeSelect
            id={`${id}-account`}
            options={accountOptions}
            emptyLabel="Choose an account"
            value={fields.account}
            onChange={(event) => {
              const account = event.target.value;
              edit({ account, currencyId: defaultCurrencyOf(account) || fields.currencyId });
            }}
            {...describedBy(`${id}-account`, errors.account)}
          />
        </Field>
        {isTransfer && (
          <Field id={`${id}-account-to`} label="To account" error={errors.accountTo}>
            <TreeSelect
              id={`${id}-account-to`}
              options={accountOptions}
              emptyLabel="Choose an account"
              value={fields.accountTo}
              onChange={(event) => {
                const accountTo = event.target.value;
                edit({ accountTo, currencyToId: defaultCurrencyOf(accountTo) || fields.currencyId });
              }}
              {...describedBy(`${id}-account-to`, errors.accountTo)}
            />
          </Field>
        )}
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-4">
        <Field id={`${id}-amount`} label="Amount" error={errors.amount}>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={fields.amount}
            onChange={(event) => edit({ amount: event.target.value })}
            {...describedBy(`${id}-amount`, errors.amount)}
          />
        </Field>
        <Field id={`${id}-currency`} label="Currency" error={errors.currencyId}>
          <CurrencySelect
            id={`${id}-currency`}
            currencies={currencies}
            value={fields.currencyId}
            onChange={(event) => edit({ currencyId: event.target.value })}
            {...describedBy(`${id}-currency`, errors.currencyId)}
          />
        </Field>
        {isTransfer && (
          <>
            <Field
              id={`${id}-amount-to`}
              label="Amount received"
              error={errors.amountTo}
              hint={needsAmountTo(fields) ? undefined : 'The same amount, in the same currency.'}
            >
              <Input
                id={`${id}-amount-to`}
                inputMode="decimal"
                autoComplete="off"
                placeholder={fields.amount || '0.00'}
                disabled={!needsAmountTo(fields)}
                value={needsAmountTo(fields) ? fields.amountTo : ''}
                onChange={(event) => edit({ amountTo: event.target.value })}
                {...describedBy(`${id}-amount-to`, errors.amountTo)}
              />
            </Field>
            <Field id={`${id}-currency-to`} label="Currency received">
              <CurrencySelect
                id={`${id}-currency-to`}
                currencies={currencies}
                value={fields.currencyToId}
                onChange={(event) => edit({ currencyToId: event.target.value })}
              />
            </Field>
          </>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-category`} label="Category">
          <TreeSelect
            id={`${id}-category`}
            options={categoryOptions}
            emptyLabel="No category"
            value={fields.category}
            onChange={(event) => edit({ category: event.target.value })}
          />
        </Field>
        <Field id={`${id}-note`} label="Note" error={errors.note}>
          <Input
            id={`${id}-note`}
            autoComplete="off"
            placeholder="Rent, salary, streaming…"
            value={fields.note}
            onChange={(event) => edit({ note: event.target.value })}
            {...describedBy(`${id}-note`, errors.note)}
          />
        </Field>
      </div>

      <ScheduleFields
        value={schedule}
        onChange={(next) => {
          setSchedule(next);
          setServerScheduleMessage(undefined);
        }}
        messages={{ ...scheduleMessages, ...(serverScheduleMessage && { rule: serverScheduleMessage }) }}
      />

      <div aria-live="polite" className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
        {result.isValid ? (
          <>
            <p className="font-medium">{result.text}</p>
            <p className="text-muted-foreground">
              {result.upcoming.length > 0
                ? `Next: ${result.upcoming.map((date) => formatDay(toZonedDay(date, schedule.timezone))).join(', ')}`
                : 'No occurrence from today on.'}
            </p>
            {isStartPast && (
              <p className="text-muted-foreground">
                The days from {formatDay(schedule.startDay)} up to today are posted when you save.
              </p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">Fill in the schedule to see when it posts.</p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving…' : recurring ? 'Save' : 'Create'}
        </Button>
      </div>
    </form>
  );
}

function describedBy(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: React.ReactNode;
}

/** A label above its control, with the control's error below (tied to it by `${id}-error`). */
function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
