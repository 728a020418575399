import type { Currency } from '@cairn/contracts/currencies';
import type { MoneyAccount } from '@cairn/contracts/money';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toTreeOptions } from '../shared/money-tree';
import { TransactionAddRow } from './transaction-add-row';
import type { DraftContext } from './transaction-draft';

afterEach(cleanup);

const at = new Date('2026-03-01T10:00:00Z');
const account = (id: string, name: string, currencyId: string | null = null): MoneyAccount => ({
  id,
  name,
  parentId: null,
  currencyId,
  transactionCount: 0,
  createdAt: at,
  updatedAt: at,
});
const currency = (id: string, code: string): Currency => ({
  id,
  code,
  numericCode: '000',
  name: code,
  symbol: code,
  minorUnits: 2,
  rate: '1',
  rateUpdatedAt: null,
});
const accounts = [account('bank', 'Bank'), account('euro', 'Euro account', 'eur')];
const context: DraftContext = { accounts, categories: [], userCurrencyId: 'usd' };

function renderRow(preferredAccountId?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TransactionAddRow
        context={context}
        accountOptions={toTreeOptions(accounts)}
        categoryOptions={[]}
        currencies={[currency('usd', 'USD'), currency('eur', 'EUR')]}
        today="2026-03-05"
        preferredAccountId={preferredAccountId}
      />
    </QueryClientProvider>,
  );
  const row = within(screen.getByRole('form', { name: 'Add a transaction' }));
  return {
    amount: row.getByLabelText('Amount') as HTMLInputElement,
    note: row.getByLabelText('Note') as HTMLInputElement,
    account: row.getByLabelText('Account') as HTMLSelectElement,
    currency: row.getByLabelText('Currency') as HTMLSelectElement,
    date: row.getByLabelText('Date') as HTMLInputElement,
    row,
  };
}

describe('TransactionAddRow', () => {
  it('starts today, in the register’s account and that account’s currency', () => {
    const fields = renderRow('euro');
    expect(fields.date.value).toBe('2026-03-05');
    expect(fields.account.value).toBe('euro');
    expect(fields.currency.value).toBe('eur');
    fireEvent.change(fields.account, { target: { value: 'bank' } });
    expect(fields.currency.value).toBe('usd');
  });

  it('Enter in any field checks the entry and says what is missing, keeping what was typed', () => {
    const fields = renderRow();
    fireEvent.change(fields.note, { target: { value: 'Coffee' } });
    fireEvent.keyDown(fields.note, { key: 'Enter' });
    expect(fields.row.getByText('Enter an amount')).toBeTruthy();
    expect(fields.note.value).toBe('Coffee');
    expect(fields.amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('Escape clears the entry but keeps the date, account and currency for the next one', () => {
    const fields = renderRow();
    fireEvent.change(fields.account, { target: { value: 'euro' } });
    fireEvent.change(fields.amount, { target: { value: '12' } });
    fireEvent.change(fields.note, { target: { value: 'Coffee' } });
    fireEvent.keyDown(fields.note, { key: 'Escape' });
    expect(fields.amount.value).toBe('');
    expect(fields.note.value).toBe('');
    expect(fields.account.value).toBe('euro');
    expect(fields.currency.value).toBe('eur');
    expect(document.activeElement).toBe(fields.amount);
  });
});
