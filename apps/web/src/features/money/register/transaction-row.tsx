import type { Currency } from '@cairn/contracts/currencies';
import type { MoneyTransaction } from '@cairn/contracts/money';
import { ArrowRightIcon, PencilIcon, RepeatIcon, Trash2Icon } from 'lucide-react';
import { memo } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isProvisional } from '../api/register-cache';
import { type AmountDirection, directionClassNames, formatSignedAmount } from '../shared/format-amount';
import { transferSides } from './transaction-draft';

export interface RegisterLabels {
  accountLabels: ReadonlyMap<string, string>;
  categoryLabels: ReadonlyMap<string, string>;
  currencyById: ReadonlyMap<string, Currency>;
}

/** The row's colour: a transfer moves money between the user's own accounts, so it is neutral. */
export function directionOf(transaction: MoneyTransaction): AmountDirection {
  if (transaction.transferId !== null) return 'neutral';
  return transaction.type === 'income' ? 'in' : 'out';
}

/**
 * The row's sign. A transfer is signed only when the register is narrowed to one account, where its
 * side there does move money in or out; unfiltered, "A → B" says where it went.
 */
export function signOf(transaction: MoneyTransaction, isAccountFiltered: boolean): AmountDirection {
  if (transaction.transferId === null || isAccountFiltered)
    return transaction.type === 'income' ? 'in' : 'out';
  return 'neutral';
}

interface TransactionRowProps {
  transaction: MoneyTransaction;
  labels: RegisterLabels;
  isAccountFiltered: boolean;
  onEdit: (transaction: MoneyTransaction) => void;
  onDelete: (transaction: MoneyTransaction) => void;
}

/**
 * One line of the register: what, when, where, and the amount signed and coloured by direction. Memoised:
 * scrolling renders the list again, and a row whose transaction did not change need not follow.
 */
export const TransactionRow = memo(function TransactionRow({
  transaction,
  labels,
  isAccountFiltered,
  onEdit,
  onDelete,
}: TransactionRowProps) {
  const isPending = isProvisional(transaction);
  const isTransfer = transaction.transferId !== null;
  const category = labels.categoryLabels.get(transaction.subCategoryId ?? transaction.categoryId ?? '');
  const accountName = (id: string, subId: string | null) =>
    labels.accountLabels.get(subId ?? id) ?? 'Unknown account';
  const sides = transferSides(transaction);
  const where = isTransfer
    ? `${accountName(sides.source.accountId, sides.source.subAccountId)} → ${
        sides.destination ? accountName(sides.destination.accountId, sides.destination.subAccountId) : '?'
      }`
    : accountName(transaction.accountId, transaction.subAccountId);
  const title =
    transaction.note ||
    category ||
    (isTransfer ? 'Transfer' : transaction.type === 'income' ? 'Income' : 'Expense');
  const currency = labels.currencyById.get(transaction.currencyId);
  const direction = directionOf(transaction);
  const signed = formatSignedAmount(transaction.amount, currency, signOf(transaction, isAccountFiltered));
  // A transfer between currencies: what the other side got, in its own currency.
  const counterpart = transaction.transfer;
  const otherAmount =
    counterpart && counterpart.currencyId !== transaction.currencyId
      ? formatSignedAmount(counterpart.amount, labels.currencyById.get(counterpart.currencyId), 'neutral')
      : undefined;

  return (
    <div
      className={cn('group flex items-center gap-2 px-3 py-2 sm:px-4', isPending && 'opacity-60')}
      data-testid="money-transaction-row"
    >
      <button
        type="button"
        disabled={isPending}
        onClick={() => onEdit(transaction)}
        className="grid min-w-0 flex-1 gap-0.5 rounded-sm text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`${title}, ${transaction.date}, ${where}, ${signed}. Edit`}
      >
        <span className="flex min-w-0 items-center gap-1.5 font-medium">
          {isTransfer && <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />}
          {transaction.recurringId && (
            <RepeatIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="Recurring" />
          )}
          <span className="truncate">{title}</span>
        </span>
        <span className="flex min-w-0 flex-wrap gap-x-1.5 text-xs text-muted-foreground">
          <time dateTime={transaction.date} className="tabular-nums">
            {transaction.date}
          </time>
          <span aria-hidden>·</span>
          <span className="truncate">{where}</span>
          {category && transaction.note && (
            <>
              <span aria-hidden>·</span>
              <span className="truncate">{category}</span>
            </>
          )}
        </span>
      </button>
      <div className="grid shrink-0 justify-items-end text-right">
        <span
          className={cn('font-semibold tabular-nums', directionClassNames[direction])}
          data-testid="money-transaction-amount"
        >
          {signed}
        </span>
        {otherAmount && <span className="text-xs text-muted-foreground tabular-nums">→ {otherAmount}</span>}
      </div>
      <div className="flex shrink-0 gap-0.5 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        <Button
          variant="ghost"
          size="icon"
          className="hidden size-8 sm:inline-flex"
          disabled={isPending}
          onClick={() => onEdit(transaction)}
          aria-label={`Edit ${title}`}
          tabIndex={-1}
        >
          <PencilIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={isPending}
          onClick={() => onDelete(transaction)}
          aria-label={`Delete ${title}`}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
    </div>
  );
});
