import type {
  MoneyRecurring,
  MoneyTransactionInputType,
  UpcomingMoneyTransactions,
} from '@cairn/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, PencilIcon, PlusIcon, RepeatIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCurrencies } from '../../../lib/currencies';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { toast } from '../../../lib/toasts';
import { useDeleteRecurringMutation } from '../api/delete-recurring';
import { useMoneyAccounts } from '../api/get-money-accounts';
import { useMoneyCategories } from '../api/get-money-categories';
import { recurringQueryOptions } from '../api/get-recurring';
import { upcomingRecurringQueryOptions } from '../api/get-upcoming-recurring';
import { useSkipRecurringOccurrenceMutation } from '../api/skip-recurring-occurrence';
import { formatDay } from '../reports/report-figures';
import { type AmountDirection, directionClassNames, formatSignedAmount } from '../shared/format-amount';
import { treeLabels } from '../shared/money-tree';
import { RecurringDialog } from './recurring-dialog';

type UpcomingOccurrence = UpcomingMoneyTransactions['items'][number];

const typeLabels: Record<MoneyTransactionInputType, string> = {
  income: 'Income',
  expense: 'Expense',
  transfer: 'Transfer',
};

const directions: Record<MoneyTransactionInputType, AmountDirection> = {
  income: 'in',
  expense: 'out',
  transfer: 'neutral',
};

/** Names, amounts and titles for recurring transactions and their occurrences. */
function useRecurringLabels() {
  const accounts = useMoneyAccounts().data;
  const categories = useMoneyCategories().data;
  const currencies = useCurrencies().data;
  return useMemo(() => {
    const accountNames = treeLabels(accounts ?? []);
    const categoryNames = treeLabels(categories ?? []);
    const currencyById = new Map((currencies ?? []).map((currency) => [currency.id, currency]));
    return {
      account: (accountId: string | null) =>
        accountId ? (accountNames.get(accountId) ?? 'Deleted account') : '',
      /** What the user calls it: the note, else the category, else the type. */
      title: (item: { note: string; categoryId: string | null; type: MoneyTransactionInputType }) =>
        item.note.trim() ||
        (item.categoryId ? categoryNames.get(item.categoryId) : undefined) ||
        typeLabels[item.type],
      amount: (item: { amount: string; currencyId: string; type: MoneyTransactionInputType }) =>
        formatSignedAmount(item.amount, currencyById.get(item.currencyId), directions[item.type]),
    };
  }, [accounts, categories, currencies]);
}

/**
 * The recurring tab: every recurring transaction with its rule and next day, and what posts in the
 * next 30 days, each of which can be skipped.
 */
export function RecurringTransactions() {
  const [editing, setEditing] = useState<{ recurring: MoneyRecurring | null } | null>(null);
  const [deleting, setDeleting] = useState<MoneyRecurring | null>(null);
  const list = useQuery(recurringQueryOptions());
  const labels = useRecurringLabels();
  const remove = useDeleteRecurringMutation();

  return (
    <div className="grid items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <div className="grid gap-1">
            <CardTitle>Recurring transactions</CardTitle>
            <CardDescription>Posted to the register by themselves on each day they fall on.</CardDescription>
          </div>
          <Button size="sm" onClick={() => setEditing({ recurring: null })}>
            <PlusIcon aria-hidden />
            New recurring
          </Button>
        </CardHeader>
        <CardContent>
          <QueryState query={list} what="your recurring transactions">
            {(items) =>
              items.length === 0 ? (
                <div className="grid justify-items-center gap-2 py-8 text-center">
                  <RepeatIcon className="size-8 text-muted-foreground" aria-hidden />
                  <p className="font-medium">No recurring transactions yet</p>
                  <p className="max-w-sm text-sm text-muted-foreground">
                    Salary, rent and subscriptions can post themselves: set one up once and it is entered on
                    each day it falls on.
                  </p>
                </div>
              ) : (
                <ul className="grid divide-y" aria-label="Recurring transactions">
                  {items.map((recurring) => {
                    const title = labels.title(recurring);
                    return (
                      <li key={recurring.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                        <div className="flex items-start justify-between gap-3">
                          <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{title}</p>
                          <p
                            className={`shrink-0 font-medium tabular-nums ${directionClassNames[directions[recurring.type]]}`}
                          >
                            {labels.amount(recurring)}
                          </p>
                        </div>
                        <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                          {labels.account(recurring.subAccountId ?? recurring.accountId)}
                          {recurring.type === 'transfer' && (
                            <>
                              <ArrowRightIcon className="size-3.5" aria-label="to" />
                              {labels.account(recurring.subAccountToId ?? recurring.accountToId)}
                            </>
                          )}
                        </p>
                        <p className="text-sm">{recurring.description}</p>
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <p className="text-sm text-muted-foreground">
                            {recurring.nextDate ? `Next: ${formatDay(recurring.nextDate)}` : 'Ended'}
                            {recurring.postedCount > 0 &&
                              ` · posted ${recurring.postedCount} ${recurring.postedCount === 1 ? 'time' : 'times'}`}
                          </p>
                          <div className="flex gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Edit “${title}”`}
                              onClick={() => setEditing({ recurring })}
                            >
                              <PencilIcon aria-hidden />
                              <span className="hidden sm:inline">Edit</span>
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Delete “${title}”`}
                              onClick={() => setDeleting(recurring)}
                            >
                              <Trash2Icon aria-hidden />
                              <span className="hidden sm:inline">Delete</span>
                            </Button>
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </QueryState>
        </CardContent>
      </Card>

      <UpcomingOccurrences labels={labels} />

      <RecurringDialog
        isOpen={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
        recurring={editing?.recurring ?? null}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={deleting ? `Delete “${labels.title(deleting)}”?` : ''}
        description={
          deleting && deleting.postedCount > 0
            ? `Nothing more will be posted. The ${deleting.postedCount === 1 ? 'transaction' : `${deleting.postedCount} transactions`} it already posted stay in the register.`
            : 'Nothing more will be posted. Transactions it already posted stay in the register.'
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (!deleting) return;
          const title = labels.title(deleting);
          remove.mutate(deleting.id, { onSuccess: () => toast.success(`“${title}” deleted`) });
        }}
      />
    </div>
  );
}

function UpcomingOccurrences({ labels }: { labels: ReturnType<typeof useRecurringLabels> }) {
  const upcoming = useQuery(upcomingRecurringQueryOptions());
  const skip = useSkipRecurringOccurrenceMutation();
  const [skipping, setSkipping] = useState<UpcomingOccurrence | null>(null);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Upcoming</CardTitle>
        <CardDescription>What posts in the next 30 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={upcoming} what="the upcoming transactions">
          {(items) =>
            items.length === 0 ? (
              <p className="py-4 text-sm text-muted-foreground">Nothing is due in the next 30 days.</p>
            ) : (
              <ul className="grid divide-y" aria-label="Upcoming transactions">
                {items.map((occurrence) => {
                  const title = labels.title(occurrence);
                  return (
                    <li
                      key={`${occurrence.recurringId}-${occurrence.date}`}
                      className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0"
                    >
                      <div className="grid min-w-0 flex-1 gap-0.5">
                        <p className="text-sm font-medium [overflow-wrap:anywhere]">{title}</p>
                        <p className="text-xs text-muted-foreground">
                          {formatDay(occurrence.date)} · {labels.account(occurrence.accountId)}
                        </p>
                      </div>
                      <p
                        className={`shrink-0 text-sm font-medium tabular-nums ${directionClassNames[directions[occurrence.type]]}`}
                      >
                        {labels.amount(occurrence)}
                      </p>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Skip “${title}” on ${formatDay(occurrence.date)}`}
                        disabled={skip.isPending}
                        onClick={() => setSkipping(occurrence)}
                      >
                        Skip
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
      <ConfirmDialog
        isOpen={skipping !== null}
        onOpenChange={(isOpen) => !isOpen && setSkipping(null)}
        title={skipping ? `Skip “${labels.title(skipping)}” on ${formatDay(skipping.date)}?` : ''}
        description="That day's transaction is not posted. The days after it stay as they are."
        confirmLabel="Skip"
        variant="default"
        onConfirm={() => {
          if (!skipping) return;
          const { recurringId, date } = skipping;
          skip.mutate(
            { recurringId, date },
            { onSuccess: () => toast.success(`Skipped the occurrence of ${formatDay(date)}`) },
          );
        }}
      />
    </Card>
  );
}

interface QueryStateProps<Data> {
  query: {
    data: Data | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** What is loaded, for the error message ("your recurring transactions"). */
  what: string;
  children: (data: Data) => ReactNode;
}

/** Loading, error (with a retry) or the data. */
function QueryState<Data>({ query, what, children }: QueryStateProps<Data>) {
  if (query.isPending) {
    return (
      <div aria-busy className="grid gap-2">
        <span className="sr-only">Loading…</span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-12 animate-pulse rounded-md bg-muted" />
        ))}
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    const reason = getErrorToastMessage(query.error, '');
    return (
      <div role="alert" className="grid justify-items-start gap-3 py-4 text-sm">
        <p>Could not load {what}.</p>
        {reason && <p className="text-muted-foreground">{reason}</p>}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return children(query.data);
}
