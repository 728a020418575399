import type { Currency } from '@cairn/contracts/currencies';
import { MONEY_NOTE_MAX_LENGTH, type MoneyTransactionInputType } from '@cairn/contracts/money';
import { Fragment, type ReactNode, type Ref, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { CurrencySelect } from '../shared/currency-select';
import type { MoneyTreeOption } from '../shared/money-tree';
import { TreeSelect } from '../shared/tree-select';
import {
  type DraftContext,
  type DraftErrors,
  type DraftField,
  needsAmountReceived,
  type TransactionDraft,
  withField,
} from './transaction-draft';

export const typeLabels: Record<MoneyTransactionInputType, string> = {
  expense: 'Expense',
  income: 'Income',
  transfer: 'Transfer',
};

type FieldName =
  | 'type'
  | 'date'
  | 'amount'
  | 'account'
  | 'currency'
  | 'accountTo'
  | 'currencyTo'
  | 'amountTo'
  | 'category'
  | 'note';

/** The add row: in the order a statement line is typed. */
const rowOrder: readonly FieldName[] = [
  'type',
  'date',
  'amount',
  'account',
  'currency',
  'accountTo',
  'amountTo',
  'category',
  'note',
];
/** A form of two columns, fields that go together side by side. */
const stackedOrder: readonly FieldName[] = [
  'type',
  'date',
  'amount',
  'currency',
  'account',
  'category',
  'note',
];
const stackedTransferOrder: readonly FieldName[] = [
  'account',
  'accountTo',
  'amount',
  'currency',
  'amountTo',
  'currencyTo',
  'date',
  'category',
  'note',
];

interface TransactionFieldsProps {
  draft: TransactionDraft;
  onChange: (draft: TransactionDraft) => void;
  errors: DraftErrors;
  context: DraftContext;
  accountOptions: readonly MoneyTreeOption[];
  categoryOptions: readonly MoneyTreeOption[];
  currencies: readonly Currency[];
  /** The types offered; a saved transfer stays a transfer, a saved income or expense cannot become one. */
  types: readonly MoneyTransactionInputType[];
  /** 'row': one line of compact fields (the register's add row); 'stacked': a dialog's form. */
  layout: 'row' | 'stacked';
  amountRef?: Ref<HTMLInputElement>;
  /** Shows the currency the destination receives in, not only the amount (the transfer form). */
  isCurrencyToShown?: boolean;
}

/** A transaction's fields: type, date, amount, account(s), currency, category, note. */
export function TransactionFields({
  draft,
  onChange,
  errors,
  context,
  accountOptions,
  categoryOptions,
  currencies,
  types,
  layout,
  amountRef,
  isCurrencyToShown = false,
}: TransactionFieldsProps) {
  const set = <Field extends DraftField>(field: Field, value: TransactionDraft[Field]) =>
    onChange(withField(draft, field, value, context));
  const isTransfer = draft.type === 'transfer';
  const isRow = layout === 'row';

  const rowWidth = (className: string) => (isRow ? className : undefined);
  const fields: Record<FieldName, ReactNode> = {
    type: (
      <Field label="Type" layout={layout} className={rowWidth('sm:w-28')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.type}
            onChange={(event) => set('type', event.target.value as MoneyTransactionInputType)}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    ),
    date: (
      <Field label="Date" layout={layout} error={errors.date} className={rowWidth('sm:w-36')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            required
            value={draft.date}
            onChange={(event) => set('date', event.target.value)}
            className={rowWidth('h-9')}
          />
        )}
      </Field>
    ),
    amount: (
      <Field
        label={isTransfer ? 'Amount sent' : 'Amount'}
        layout={layout}
        error={errors.amount}
        className={rowWidth('sm:w-32')}
      >
        {(control) => (
          <Input
            {...control}
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.amount}
            onChange={(event) => set('amount', event.target.value)}
            className={cn('text-right tabular-nums', isRow && 'h-9')}
          />
        )}
      </Field>
    ),
    account: (
      <Field
        label={isTransfer ? 'From account' : 'Account'}
        layout={layout}
        error={errors.accountId}
        className={rowWidth('sm:w-44')}
      >
        {(control) => (
          <TreeSelect
            {...control}
            value={draft.accountId}
            options={accountOptions}
            emptyLabel={draft.accountId ? undefined : 'Choose…'}
            onChange={(event) => set('accountId', event.target.value)}
          />
        )}
      </Field>
    ),
    currency: (
      <Field label="Currency" layout={layout} error={errors.currencyId} className={rowWidth('sm:w-24')}>
        {(control) => (
          <CurrencySelect
            {...control}
            value={draft.currencyId}
            currencies={currencies}
            isCompact={isRow}
            emptyLabel={draft.currencyId ? undefined : 'Choose…'}
            onChange={(event) => set('currencyId', event.target.value)}
          />
        )}
      </Field>
    ),
    accountTo: isTransfer && (
      <Field label="To account" layout={layout} error={errors.accountToId} className={rowWidth('sm:w-44')}>
        {(control) => (
          <TreeSelect
            {...control}
            value={draft.accountToId}
            options={accountOptions}
            emptyLabel="Choose…"
            onChange={(event) => set('accountToId', event.target.value)}
          />
        )}
      </Field>
    ),
    currencyTo: isTransfer && isCurrencyToShown && (
      <Field label="Currency received" layout={layout}>
        {(control) => (
          <CurrencySelect
            {...control}
            value={draft.currencyToId || draft.currencyId}
            currencies={currencies}
            onChange={(event) => set('currencyToId', event.target.value)}
          />
        )}
      </Field>
    ),
    amountTo: needsAmountReceived(draft) && (
      <Field label="Amount received" layout={layout} error={errors.amountTo} className={rowWidth('sm:w-32')}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.amountTo}
            onChange={(event) => set('amountTo', event.target.value)}
            className={cn('text-right tabular-nums', isRow && 'h-9')}
          />
        )}
      </Field>
    ),
    category: (
      <Field label="Category" layout={layout} className={rowWidth('sm:w-44')}>
        {(control) => (
          <TreeSelect
            {...control}
            value={draft.categoryId}
            options={categoryOptions}
            emptyLabel="No category"
            onChange={(event) => set('categoryId', event.target.value)}
          />
        )}
      </Field>
    ),
    note: (
      <Field
        label="Note"
        layout={layout}
        className={isRow ? 'col-span-2 min-w-40 sm:flex-1' : 'sm:col-span-2'}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={MONEY_NOTE_MAX_LENGTH}
            placeholder={isTransfer ? 'Savings for June' : 'Groceries at the market'}
            value={draft.note}
            onChange={(event) => set('note', event.target.value)}
            className={rowWidth('h-9')}
          />
        )}
      </Field>
    ),
  };
  const order = isRow ? rowOrder : isTransfer ? stackedTransferOrder : stackedOrder;
  return (
    <>
      {order
        // A single choice of type (a saved transfer stays one) needs no field.
        .filter((name) => name !== 'type' || types.length > 1)
        .map((name) => (
          <Fragment key={name}>{fields[name]}</Fragment>
        ))}
    </>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  className?: string;
}

/** A labelled field; in a row the label is small and the error shows under the row instead. */
function Field({
  label,
  layout,
  error,
  className,
  children,
}: {
  label: string;
  layout: 'row' | 'stacked';
  error?: string | undefined;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid content-start gap-1', layout === 'stacked' && 'gap-2', className)}>
      <label
        htmlFor={id}
        className={cn(
          layout === 'row' ? 'text-xs text-muted-foreground' : 'text-sm font-medium leading-none',
        )}
      >
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: 'w-full',
      })}
      {error && (
        <p id={errorId} className={cn('text-destructive', layout === 'row' ? 'text-xs' : 'text-sm')}>
          {error}
        </p>
      )}
    </div>
  );
}
