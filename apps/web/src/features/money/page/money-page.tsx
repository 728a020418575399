import { ChartColumnIcon, LandmarkIcon, ReceiptTextIcon, RepeatIcon, TagsIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTimeZone } from '../../../lib/time-zone';
import type { SessionFetch } from '../api/export-money-transactions';
import { RegisterTab } from '../register/register-tab';
import { zonedToday } from '../shared/zoned-today';
import { defaultReportRange, type MoneySearch, type MoneyTab, registerFiltersOf } from './money-search';
import { type MoneyTabItem, MoneyTabList } from './money-tabs';
import { MoneyViewState } from './money-view-state';

// The register is the tab most visits open on; the other tabs and the import (the recurring editor
// brings the recurrence library) load when first opened, so the area's first screen carries only it.
const AccountsTab = lazy(() =>
  import('../accounts/accounts-tab').then((module) => ({ default: module.AccountsTab })),
);
const CategoriesTab = lazy(() =>
  import('../categories/categories-tab').then((module) => ({ default: module.CategoriesTab })),
);
const MoneyReports = lazy(() =>
  import('../reports/money-reports').then((module) => ({ default: module.MoneyReports })),
);
const RecurringTransactions = lazy(() =>
  import('../recurring/recurring-transactions').then((module) => ({ default: module.RecurringTransactions })),
);
const ImportTransactionsDialog = lazy(() =>
  import('../import/import-transactions-dialog').then((module) => ({
    default: module.ImportTransactionsDialog,
  })),
);

const tabs: readonly MoneyTabItem<MoneyTab>[] = [
  { value: 'transactions', label: 'Transactions', icon: ReceiptTextIcon },
  { value: 'accounts', label: 'Accounts', icon: LandmarkIcon },
  { value: 'categories', label: 'Categories', icon: TagsIcon },
  { value: 'reports', label: 'Reports', icon: ChartColumnIcon },
  { value: 'recurring', label: 'Recurring', icon: RepeatIcon },
];

/** The register's filters, emptied when a tree entry opens it narrowed to that entry alone. */
const noRegisterFilters = {
  accountId: undefined,
  categoryId: undefined,
  type: undefined,
  from: undefined,
  to: undefined,
  q: undefined,
} satisfies Partial<MoneySearch>;

export interface MoneySearchChangeOptions {
  /** Typing in the search and picking filters replace the history entry; switching tabs adds one. */
  replace?: boolean;
}

interface MoneyPageProps {
  search: MoneySearch;
  onSearchChange: (patch: Partial<MoneySearch>, options?: MoneySearchChangeOptions) => void;
  fetchWithSession: SessionFetch;
}

/** The money flow tracker: a tab each for the register, accounts, categories, reports and recurring. */
export function MoneyPage({ search, onSearchChange, fetchWithSession }: MoneyPageProps) {
  const idPrefix = useId();
  const tab: MoneyTab = search.tab ?? 'transactions';
  const [isImportOpen, setIsImportOpen] = useState(false);
  /** The import dialog mounts once first opened, and stays, so it can animate closed. */
  const [isImportMounted, setIsImportMounted] = useState(false);
  const timeZone = useTimeZone();
  const defaultRange = defaultReportRange(zonedToday(timeZone));

  const selectTab = (next: MoneyTab) =>
    onSearchChange({ tab: next === 'transactions' ? undefined : next }, { replace: false });

  return (
    <div className="grid min-w-0 gap-4">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Money</h1>
        <p className="text-sm text-muted-foreground">What came in, what went out, and where it is now.</p>
      </header>
      <MoneyTabList tabs={tabs} selected={tab} onSelect={selectTab} idPrefix={idPrefix} label="Money" />
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${tab}`}
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className="min-w-0 outline-none"
      >
        {tab === 'transactions' && (
          <RegisterTab
            filters={registerFiltersOf(search)}
            onFiltersChange={(patch) => onSearchChange(patch, { replace: true })}
            fetchWithSession={fetchWithSession}
            onImport={() => {
              setIsImportMounted(true);
              setIsImportOpen(true);
            }}
            onGoToAccounts={() => selectTab('accounts')}
          />
        )}
        <Suspense fallback={<MoneyViewState kind="loading" title="Loading" />}>
          {tab === 'accounts' && (
            <AccountsTab
              onOpenRegister={(accountId) =>
                onSearchChange({ ...noRegisterFilters, tab: undefined, accountId }, { replace: false })
              }
            />
          )}
          {tab === 'categories' && (
            <CategoriesTab
              onOpenRegister={(categoryId) =>
                onSearchChange({ ...noRegisterFilters, tab: undefined, categoryId }, { replace: false })
              }
            />
          )}
          {tab === 'reports' && (
            <MoneyReports
              from={search.reportFrom ?? defaultRange.from}
              to={search.reportTo ?? defaultRange.to}
              onRangeChange={(range) =>
                onSearchChange({ reportFrom: range.from, reportTo: range.to }, { replace: true })
              }
            />
          )}
          {tab === 'recurring' && <RecurringTransactions />}
        </Suspense>
      </div>
      {isImportMounted && (
        <Suspense>
          <ImportTransactionsDialog
            open={isImportOpen}
            onOpenChange={setIsImportOpen}
            defaultAccountId={search.accountId}
          />
        </Suspense>
      )}
    </div>
  );
}
