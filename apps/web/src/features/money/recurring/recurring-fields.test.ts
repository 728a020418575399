import { TRANSFER_DESTINATION_MESSAGE } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  buildRecurringBody,
  createRecurringFields,
  type RecurringFields,
  readRecurringFields,
} from './recurring-fields';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const checking = { id: id(1), name: 'Checking', parentId: null };
const savings = { id: id(2), name: 'Savings', parentId: null };
const holiday = { id: id(3), name: 'Holiday', parentId: savings.id };
const housing = { id: id(10), name: 'Housing', parentId: null };
const rent = { id: id(11), name: 'Rent', parentId: housing.id };
const usd = id(100);
const eur = id(101);
const sources = { accounts: [checking, savings, holiday], categories: [housing, rent] };
const schedule = { rule: 'monthly' as const, startDate: '2026-03-01T00:00:00.000Z', timezone: 'UTC' };

const fields = (change: Partial<RecurringFields>): RecurringFields => ({
  ...createRecurringFields({ account: checking.id, currencyId: usd }),
  ...change,
});

describe('buildRecurringBody', () => {
  it('splits a sub-category into its parent and itself, and reads the amount as typed', () => {
    const result = buildRecurringBody(
      fields({ amount: '1,250.5', category: rent.id, note: ' Rent ' }),
      schedule,
      sources,
    );
    expect(result.body).toEqual({
      type: 'expense',
      accountId: checking.id,
      subAccountId: null,
      amount: '1250.5',
      currencyId: usd,
      categoryId: housing.id,
      subCategoryId: rent.id,
      note: 'Rent',
      quickurrence: schedule,
    });
  });

  it('sends a transfer’s destination, and the amount received between currencies', () => {
    const result = buildRecurringBody(
      fields({
        type: 'transfer',
        amount: '100',
        accountTo: holiday.id,
        currencyToId: eur,
        amountTo: '92,10',
      }),
      schedule,
      sources,
    );
    expect(result.body).toMatchObject({
      type: 'transfer',
      accountToId: savings.id,
      subAccountToId: holiday.id,
      currencyToId: eur,
      amountTo: '92.1',
    });
  });

  it('leaves destination fields out of income and expense', () => {
    const result = buildRecurringBody(
      fields({ type: 'income', amount: '5', accountTo: savings.id }),
      schedule,
      sources,
    );
    expect(result.body).not.toHaveProperty('accountToId');
  });

  it('names each field at fault, with the API’s transfer message', () => {
    expect(buildRecurringBody(fields({ account: '', amount: '0' }), schedule, sources).errors).toEqual({
      account: 'Choose an account',
      amount: 'Amount must be greater than 0',
    });
    expect(
      buildRecurringBody(fields({ type: 'transfer', amount: '5', accountTo: checking.id }), schedule, sources)
        .errors,
    ).toEqual({ accountTo: TRANSFER_DESTINATION_MESSAGE });
    expect(
      buildRecurringBody(
        fields({ type: 'transfer', amount: '5', accountTo: savings.id, currencyToId: eur }),
        schedule,
        sources,
      ).errors,
    ).toEqual({ amountTo: 'Enter an amount' });
  });
});

describe('readRecurringFields', () => {
  it('picks the sub-account and sub-category, and shows the amount without trailing zeros', () => {
    const read = readRecurringFields({
      id: id(50),
      type: 'transfer',
      accountId: checking.id,
      subAccountId: null,
      accountToId: savings.id,
      subAccountToId: holiday.id,
      amount: '120.500000',
      currencyId: usd,
      amountTo: '110.000000',
      currencyToId: eur,
      categoryId: housing.id,
      subCategoryId: rent.id,
      note: 'Savings plan',
      quickurrence: schedule,
      description: 'Every month on the 1st',
      nextDate: '2026-04-01',
      lastPostedDate: '2026-03-01',
      postedCount: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(read).toEqual({
      type: 'transfer',
      account: checking.id,
      accountTo: holiday.id,
      amount: '120.5',
      currencyId: usd,
      amountTo: '110',
      currencyToId: eur,
      category: rent.id,
      note: 'Savings plan',
    });
  });
});
