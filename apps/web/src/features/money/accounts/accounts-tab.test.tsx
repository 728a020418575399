import type { Currency } from '@cairn/contracts/currencies';
import type { MoneyAccount, MoneyBalances } from '@cairn/contracts/money';
import type { User } from '@cairn/contracts/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../lib/current-user';
import { moneyKeys } from '../api/money-keys';
import { AccountsTab } from './accounts-tab';

afterEach(cleanup);

const at = new Date('2026-03-01T10:00:00Z');
const currency = (id: string, code: string, minorUnits = 2): Currency => ({
  id,
  code,
  numericCode: '000',
  name: code,
  symbol: code,
  minorUnits,
  rate: '1',
  rateUpdatedAt: null,
});
const account = (id: string, name: string, parentId: string | null, currencyId: string | null = null) =>
  ({
    id,
    name,
    parentId,
    currencyId,
    transactionCount: 2,
    createdAt: at,
    updatedAt: at,
  }) satisfies MoneyAccount;

const user: User = {
  id: 'u',
  username: 'sam',
  email: 'sam@example.test',
  isAdmin: false,
  plan: 'free',
  currency: 'USD',
  timezone: 'UTC',
  verifiedAt: null,
  createdAt: at,
  updatedAt: at,
};

const balances: MoneyBalances = {
  currencyId: 'usd',
  date: '2026-03-05',
  accounts: [
    { accountId: 'bank', byCurrency: [{ currencyId: 'usd', amount: '2400' }], converted: '2400' },
    { accountId: 'savings', byCurrency: [{ currencyId: 'usd', amount: '100' }], converted: '100' },
    { accountId: 'euro', byCurrency: [{ currencyId: 'eur', amount: '461.2' }], converted: '500.123' },
    { accountId: 'card', byCurrency: [{ currencyId: 'usd', amount: '-42.5' }], converted: '-42.5' },
  ],
  total: {
    byCurrency: [
      { currencyId: 'usd', amount: '2357.5' },
      { currencyId: 'eur', amount: '461.2' },
    ],
    converted: '2857.623',
  },
  currenciesWithoutHistory: ['eur'],
};

/** The tab over a cache that already holds what the API would answer, so nothing is fetched. */
function renderTab(onOpenRegister = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(['currencies'], { items: [currency('usd', 'USD'), currency('eur', 'EUR')] });
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(moneyKeys.accounts(), {
    items: [
      account('euro', 'Euro account', null, 'eur'),
      account('savings', 'Savings', 'bank'),
      account('bank', 'Bank', null),
      account('card', 'Card', null),
    ],
  });
  queryClient.setQueryData(moneyKeys.balances(), balances);
  render(
    <QueryClientProvider client={queryClient}>
      <AccountsTab onOpenRegister={onOpenRegister} />
    </QueryClientProvider>,
  );
  return onOpenRegister;
}

const rowOf = (name: string) => {
  const row = screen.getByRole('button', { name }).closest('[data-testid="money-account-row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${name}`);
  return within(row);
};

describe('AccountsTab', () => {
  it('shows each account’s balance in the user’s currency, with what it holds in others', () => {
    renderTab();
    expect(rowOf('Bank').getByTestId('money-account-balance').textContent).toBe('$2,400.00');
    expect(rowOf('Savings').getByTestId('money-account-balance').textContent).toBe('$100.00');
    expect(rowOf('Card').getByTestId('money-account-balance').textContent).toBe('-$42.50');
    expect(rowOf('Euro account').getByTestId('money-account-balance').textContent).toBe('$500.12');
    expect(rowOf('Euro account').getByRole('list', { name: 'By currency' }).textContent).toBe('€461.20');
    expect(rowOf('Bank').queryByRole('list', { name: 'By currency' })).toBeNull();
  });

  it('nests sub-accounts under their account, accounts by name', () => {
    renderTab();
    const accounts = screen.getByRole('list', { name: 'Accounts' });
    const names = within(accounts)
      .getAllByTestId('money-account-row')
      .map((row) => row.querySelector('button')?.textContent);
    expect(names).toEqual(['Bank', 'Savings', 'Card', 'Euro account']);
    expect(
      within(screen.getByRole('list', { name: 'Sub-accounts of Bank' })).getByText('Savings'),
    ).toBeTruthy();
  });

  it('shows the grand total and says how it was converted', () => {
    renderTab();
    expect(screen.getByTestId('money-grand-total').textContent).toBe('$2,857.62');
    expect(
      screen.getByText(/Totals in USD convert each transaction at the exchange rate of its date/),
    ).toBeTruthy();
    expect(
      screen.getByText(/No rate that old is known for EUR, so today's rate is used for them/),
    ).toBeTruthy();
  });

  it('opens the register narrowed to the account clicked', () => {
    const onOpenRegister = renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Savings' }));
    expect(onOpenRegister).toHaveBeenCalledWith('savings');
  });
});
