import type { Currency } from '@cairn/contracts/currencies';
import type { AccountBalance, CurrencyAmount, MoneyAccount } from '@cairn/contracts/money';
import { EllipsisVerticalIcon, LandmarkIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DeferredDropdownMenu } from '../../../components/ui/deferred-dropdown-menu';
import { DropdownMenuContent, DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { useDeleteMoneyAccountMutation } from '../api/delete-money-account';
import { useMoneyAccounts } from '../api/get-money-accounts';
import { useMoneyBalances } from '../api/get-money-balances';
import { useMoveMoneyAccountTransactionsMutation } from '../api/move-money-account-transactions';
import { MoneyEmptyState, MoneyViewState } from '../page/money-view-state';
import { type DeletableEntry, DeleteEntryDialogs } from '../shared/delete-entry-dialogs';
import { directionClassNames, formatCurrencyAmount } from '../shared/format-amount';
import { buildMoneyTree, selfAndChildren, splitTreeChoice, toTreeOptions } from '../shared/money-tree';
import { useMoneyLookups } from '../shared/use-money-lookups';
import { AccountDialog } from './account-dialog';

type AccountDialogState = { account?: MoneyAccount; parentId?: string | null } | null;

/** The accounts tree with today's balances, the grand total, and everything done to accounts. */
export function AccountsTab({ onOpenRegister }: { onOpenRegister: (accountId: string) => void }) {
  const accounts = useMoneyAccounts();
  const balances = useMoneyBalances();
  const lookups = useMoneyLookups();
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const [deleting, setDeleting] = useState<DeletableEntry | null>(null);
  const deleteAccount = useDeleteMoneyAccountMutation();
  const moveTransactions = useMoveMoneyAccountTransactionsMutation();

  const items = accounts.data ?? [];
  const tree = useMemo(() => buildMoneyTree(items), [items]);
  const options = useMemo(() => toTreeOptions(items), [items]);
  const balanceById = useMemo(
    () => new Map((balances.data?.accounts ?? []).map((balance) => [balance.accountId, balance])),
    [balances.data],
  );
  const totalCurrency = balances.data
    ? lookups.currencyById.get(balances.data.currencyId)
    : lookups.userCurrency;

  if (accounts.isPending) return <MoneyViewState kind="loading" title="Loading your accounts" />;
  if (accounts.isError)
    return (
      <MoneyViewState
        kind="error"
        title="Could not load your accounts"
        onRetry={() => void accounts.refetch()}
      />
    );

  const openNew = () => setDialog({});
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Accounts</h2>
        <Button onClick={openNew}>
          <PlusIcon aria-hidden />
          New account
        </Button>
      </div>

      {items.length === 0 ? (
        <MoneyEmptyState
          icon={<LandmarkIcon />}
          title="No accounts yet"
          action={
            <Button onClick={openNew}>
              <PlusIcon aria-hidden />
              Add your first account
            </Button>
          }
        >
          Add the places your money lives: a checking account, cash, a credit card. Sub-accounts (savings
          pots, cards of one bank) roll up into their account.
        </MoneyEmptyState>
      ) : (
        <>
          <section aria-labelledby="money-total-heading" className="rounded-xl border bg-card p-4 sm:p-5">
            <h3 id="money-total-heading" className="text-sm font-medium text-muted-foreground">
              Total
            </h3>
            {balances.isPending ? (
              <p className="mt-1 text-sm text-muted-foreground">Loading balances…</p>
            ) : balances.isError ? (
              <div className="mt-2">
                <MoneyViewState
                  kind="error"
                  title="Could not load your balances"
                  onRetry={() => void balances.refetch()}
                />
              </div>
            ) : (
              <>
                <p
                  data-testid="money-grand-total"
                  className={cn(
                    'mt-1 text-3xl font-semibold tabular-nums',
                    balances.data.total.converted.startsWith('-') && directionClassNames.out,
                  )}
                >
                  {formatCurrencyAmount(balances.data.total.converted, totalCurrency)}
                </p>
                <CurrencyLines
                  amounts={balances.data.total.byCurrency}
                  currencyById={lookups.currencyById}
                  totalCurrencyId={balances.data.currencyId}
                  className="mt-1 flex flex-wrap gap-x-3 text-sm"
                />
                <p className="mt-3 text-xs text-muted-foreground">
                  Totals in {totalCurrency?.code ?? 'your currency'} convert each transaction at the exchange
                  rate of its date.
                  {balances.data.currenciesWithoutHistory.length > 0 &&
                    ` No rate that old is known for ${balances.data.currenciesWithoutHistory
                      .map((id) => lookups.currencyById.get(id)?.code ?? '?')
                      .join(', ')}, so today's rate is used for them.`}
                </p>
              </>
            )}
          </section>

          <ul aria-label="Accounts" className="grid gap-2">
            {tree.map(({ item, children }) => (
              <li key={item.id} className="rounded-xl border bg-card">
                <AccountRow
                  account={item}
                  balance={balanceById.get(item.id)}
                  totalCurrencyId={balances.data?.currencyId}
                  currencyById={lookups.currencyById}
                  onOpen={() => onOpenRegister(item.id)}
                  onEdit={() => setDialog({ account: item })}
                  onAddChild={() => setDialog({ parentId: item.id })}
                  onDelete={() => setDeleting({ id: item.id, name: item.name, childCount: children.length })}
                />
                {children.length > 0 && (
                  <ul aria-label={`Sub-accounts of ${item.name}`} className="border-t">
                    {children.map((child) => (
                      <li key={child.id} className="border-b pl-6 last:border-b-0 sm:pl-10">
                        <AccountRow
                          account={child}
                          balance={balanceById.get(child.id)}
                          totalCurrencyId={balances.data?.currencyId}
                          currencyById={lookups.currencyById}
                          onOpen={() => onOpenRegister(child.id)}
                          onEdit={() => setDialog({ account: child })}
                          onDelete={() => setDeleting({ id: child.id, name: child.name, childCount: 0 })}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {dialog && (
        <AccountDialog
          account={dialog.account}
          initialParentId={dialog.parentId}
          accounts={items}
          currencies={lookups.currencies}
          userCurrency={lookups.userCurrency}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteEntryDialogs
        entry={deleting}
        onClose={() => setDeleting(null)}
        noun="account"
        targets={options}
        unavailableTargets={deleting ? selfAndChildren(deleting.id, items) : new Set()}
        deleteEntry={(id) => deleteAccount.mutateAsync(id)}
        moveTransactions={(id, target) => {
          const choice = splitTreeChoice(target, items);
          if (!choice) return Promise.reject(new Error('Choose an account'));
          return moveTransactions.mutateAsync({
            id,
            body: { toAccountId: choice.parentId, toSubAccountId: choice.childId },
          });
        }}
      />
    </div>
  );
}

interface AccountRowProps {
  account: MoneyAccount;
  balance: AccountBalance | undefined;
  totalCurrencyId: string | undefined;
  currencyById: ReadonlyMap<string, Currency>;
  onOpen: () => void;
  onEdit: () => void;
  onAddChild?: () => void;
  onDelete: () => void;
}

function AccountRow({
  account,
  balance,
  totalCurrencyId,
  currencyById,
  onOpen,
  onEdit,
  onAddChild,
  onDelete,
}: AccountRowProps) {
  const ownCurrency = account.currencyId ? currencyById.get(account.currencyId) : undefined;
  const totalCurrency = totalCurrencyId ? currencyById.get(totalCurrencyId) : undefined;
  const count = account.transactionCount;
  return (
    <div className="flex items-start gap-2 px-3 py-3 sm:px-4" data-testid="money-account-row">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <button
          type="button"
          onClick={onOpen}
          className="w-fit max-w-full truncate rounded-sm text-left font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          title={`Show the transactions of ${account.name}`}
        >
          {account.name}
        </button>
        <p className="text-xs text-muted-foreground">
          {count === 1 ? '1 transaction' : `${count} transactions`}
          {ownCurrency && ` · in ${ownCurrency.code}`}
        </p>
      </div>
      <div className="grid justify-items-end gap-0.5 text-right">
        {balance ? (
          <>
            <span
              className={cn(
                'font-semibold tabular-nums',
                balance.converted.startsWith('-') && directionClassNames.out,
              )}
              data-testid="money-account-balance"
            >
              {formatCurrencyAmount(balance.converted, totalCurrency)}
            </span>
            <CurrencyLines
              amounts={balance.byCurrency}
              currencyById={currencyById}
              totalCurrencyId={totalCurrencyId}
            />
          </>
        ) : (
          <span className="text-sm text-muted-foreground">–</span>
        )}
      </div>
      <DeferredDropdownMenu
        trigger={
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${account.name}`}>
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        }
      >
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden />
            Edit…
          </DropdownMenuItem>
          {onAddChild && (
            <DropdownMenuItem onSelect={onAddChild}>
              <PlusIcon aria-hidden />
              Add sub-account…
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
            <Trash2Icon aria-hidden />
            Delete…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DeferredDropdownMenu>
    </div>
  );
}

/**
 * The figures per currency held, under a converted total, when there is more than the total's own
 * currency to tell (an account in euros shown in dollars says how many euros it holds).
 */
function CurrencyLines({
  amounts,
  currencyById,
  totalCurrencyId,
  className = 'grid justify-items-end text-xs',
}: {
  amounts: readonly CurrencyAmount[];
  currencyById: ReadonlyMap<string, Currency>;
  totalCurrencyId: string | undefined;
  className?: string;
}) {
  const isOnlyTotalCurrency =
    amounts.length === 0 || (amounts.length === 1 && amounts[0]?.currencyId === totalCurrencyId);
  if (isOnlyTotalCurrency) return null;
  return (
    <ul aria-label="By currency" className={cn('text-muted-foreground tabular-nums', className)}>
      {amounts.map((entry) => (
        <li key={entry.currencyId}>
          {formatCurrencyAmount(entry.amount, currencyById.get(entry.currencyId))}
        </li>
      ))}
    </ul>
  );
}
