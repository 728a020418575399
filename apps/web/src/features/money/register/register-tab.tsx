import type { MoneyTransaction } from '@cairn/contracts/money';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  ArrowLeftRightIcon,
  DownloadIcon,
  LandmarkIcon,
  LoaderCircleIcon,
  ReceiptIcon,
  UploadIcon,
} from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTimeZone } from '../../../lib/time-zone';
import { loadToasts } from '../../../lib/toasts';
import { useDeleteMoneyTransactionMutation } from '../api/delete-money-transaction';
import { type SessionFetch, useExportMoneyTransactionsMutation } from '../api/export-money-transactions';
import { useMoneyAccounts } from '../api/get-money-accounts';
import { useMoneyCategories } from '../api/get-money-categories';
import { moneyTransactionsInfiniteQueryOptions } from '../api/get-money-transactions';
import type { RegisterFilters as Filters } from '../page/money-search';
import { MoneyEmptyState, MoneyViewState } from '../page/money-view-state';
import { toTreeOptions, treeLabels } from '../shared/money-tree';
import { useMoneyLookups } from '../shared/use-money-lookups';
import { zonedToday } from '../shared/zoned-today';
import { RegisterFilters } from './register-filters';
import { TransactionAddRow } from './transaction-add-row';
import { TransactionDialog } from './transaction-dialog';
import type { DraftContext } from './transaction-draft';
import { TransactionList } from './transaction-list';
import type { RegisterLabels } from './transaction-row';

interface RegisterTabProps {
  filters: Filters;
  onFiltersChange: (patch: Partial<Filters>) => void;
  fetchWithSession: SessionFetch;
  onImport: () => void;
  onGoToAccounts: () => void;
}

type DialogState = { kind: 'edit'; transaction: MoneyTransaction } | { kind: 'transfer' } | null;

/**
 * The transaction register: filters, the keyboard-first add row, the transfer form, the rows page by
 * page, editing and deleting, and CSV import and export.
 */
export function RegisterTab({
  filters,
  onFiltersChange,
  fetchWithSession,
  onImport,
  onGoToAccounts,
}: RegisterTabProps) {
  const accounts = useMoneyAccounts();
  const categories = useMoneyCategories();
  const lookups = useMoneyLookups();
  const timeZone = useTimeZone();
  const today = zonedToday(timeZone);
  // Rows of the previous filters stay while the new ones load, so typing a search does not blank the list.
  const register = useInfiniteQuery({
    ...moneyTransactionsInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
  const deleteTransaction = useDeleteMoneyTransactionMutation();
  const exportTransactions = useExportMoneyTransactionsMutation(fetchWithSession);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<MoneyTransaction | null>(null);

  const accountItems = accounts.data;
  const categoryItems = categories.data;
  const accountOptions = useMemo(() => toTreeOptions(accountItems ?? []), [accountItems]);
  const categoryOptions = useMemo(() => toTreeOptions(categoryItems ?? []), [categoryItems]);
  const context = useMemo<DraftContext>(
    () => ({
      accounts: accountItems ?? [],
      categories: categoryItems ?? [],
      userCurrencyId: lookups.userCurrency?.id,
    }),
    [accountItems, categoryItems, lookups.userCurrency],
  );
  const labels = useMemo<RegisterLabels>(
    () => ({
      accountLabels: treeLabels(accountItems ?? []),
      categoryLabels: treeLabels(categoryItems ?? []),
      currencyById: lookups.currencyById,
    }),
    [accountItems, categoryItems, lookups.currencyById],
  );
  const transactions = useMemo(
    () => register.data?.pages.flatMap((page) => page.items) ?? [],
    [register.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = register;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // Stable, so the memoised rows in view do not render again when a page of transactions arrives.
  const editTransaction = useCallback(
    (transaction: MoneyTransaction) => setDialog({ kind: 'edit', transaction }),
    [],
  );
  const isFiltered = [
    filters.accountId,
    filters.categoryId,
    filters.type,
    filters.from,
    filters.to,
    filters.q,
  ].some((value) => value !== undefined);

  function confirmDelete(transaction: MoneyTransaction) {
    deleteTransaction.mutate(transaction, {
      onSuccess: () =>
        void loadToasts().then(({ toast }) =>
          toast.success(transaction.transferId ? 'Transfer deleted' : 'Transaction deleted'),
        ),
    });
  }

  if (accounts.isPending || categories.isPending)
    return <MoneyViewState kind="loading" title="Loading your transactions" />;
  if (accounts.isError || categories.isError)
    return (
      <MoneyViewState
        kind="error"
        title="Could not load your accounts and categories"
        onRetry={() => {
          void accounts.refetch();
          void categories.refetch();
        }}
      />
    );
  if (accounts.data.length === 0)
    return (
      <MoneyEmptyState
        icon={<LandmarkIcon />}
        title="Add an account first"
        action={<Button onClick={onGoToAccounts}>Go to accounts</Button>}
      >
        Every transaction belongs to an account: your checking account, cash, a card. Add one, then enter what
        came in and went out here.
      </MoneyEmptyState>
    );

  const dialogProps = {
    context,
    accountOptions,
    categoryOptions,
    currencies: lookups.currencies,
    today,
    onClose: () => setDialog(null),
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Transactions</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'transfer' })}>
            <ArrowLeftRightIcon aria-hidden />
            Transfer
          </Button>
          <Button variant="outline" size="sm" onClick={onImport}>
            <UploadIcon aria-hidden />
            Import <span className="-ml-1 hidden sm:inline">CSV</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={exportTransactions.isPending}
            aria-busy={exportTransactions.isPending}
            onClick={() => exportTransactions.mutate({ filters, today })}
          >
            {exportTransactions.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <DownloadIcon aria-hidden />
            )}
            {exportTransactions.isPending ? (
              'Exporting…'
            ) : (
              <>
                Export <span className="-ml-1 hidden sm:inline">CSV</span>
              </>
            )}
          </Button>
        </div>
      </div>

      <RegisterFilters
        filters={filters}
        onChange={onFiltersChange}
        accountOptions={accountOptions}
        categoryOptions={categoryOptions}
      />

      <TransactionAddRow
        context={context}
        accountOptions={accountOptions}
        categoryOptions={categoryOptions}
        currencies={lookups.currencies}
        today={today}
        preferredAccountId={filters.accountId}
      />

      {register.isPending ? (
        <MoneyViewState kind="loading" title="Loading your transactions" />
      ) : register.isError && transactions.length === 0 ? (
        <MoneyViewState
          kind="error"
          title="Could not load your transactions"
          onRetry={() => void register.refetch()}
        />
      ) : transactions.length === 0 ? (
        isFiltered ? (
          <MoneyEmptyState
            icon={<ReceiptIcon />}
            title="No transactions match"
            action={
              <Button
                variant="outline"
                onClick={() =>
                  onFiltersChange({
                    accountId: undefined,
                    categoryId: undefined,
                    type: undefined,
                    from: undefined,
                    to: undefined,
                    q: undefined,
                  })
                }
              >
                Clear filters
              </Button>
            }
          >
            Nothing here with these filters. Widen the dates or clear the filters to see everything.
          </MoneyEmptyState>
        ) : (
          <MoneyEmptyState icon={<ReceiptIcon />} title="No transactions yet">
            Type the amount in the row above and press Enter; the row stays ready for the next one. Or import
            your bank's CSV export.
          </MoneyEmptyState>
        )
      ) : (
        <TransactionList
          transactions={transactions}
          labels={labels}
          isAccountFiltered={filters.accountId !== undefined}
          hasMore={hasNextPage}
          isLoadingMore={isFetchingNextPage}
          isLoadMoreError={register.isFetchNextPageError}
          onLoadMore={loadMore}
          onEdit={editTransaction}
          onDelete={setDeleting}
        />
      )}

      {dialog?.kind === 'edit' && <TransactionDialog {...dialogProps} transaction={dialog.transaction} />}
      {dialog?.kind === 'transfer' && (
        <TransactionDialog {...dialogProps} preferredAccountId={filters.accountId} />
      )}
      {deleting && (
        <ConfirmDialog
          isOpen
          onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
          title={deleting.transferId ? 'Delete this transfer?' : 'Delete this transaction?'}
          description={
            deleting.transferId
              ? 'Both sides of the transfer are deleted, and the balances of both accounts change.'
              : 'It leaves the register, the balances and the reports.'
          }
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
