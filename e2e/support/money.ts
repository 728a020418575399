import type { Page } from '@playwright/test';

export interface ApiMoneyAccount {
  id: string;
  name: string;
  parentId: string | null;
  currencyId: string | null;
  transactionCount: number;
}

export interface ApiMoneyCategory {
  id: string;
  name: string;
  parentId: string | null;
  transactionCount: number;
}

export interface ApiMoneyTransaction {
  id: string;
  type: 'income' | 'expense';
  accountId: string;
  subAccountId: string | null;
  transferId: string | null;
  amount: string;
  currencyId: string;
  date: string;
  categoryId: string | null;
  subCategoryId: string | null;
  note: string;
}

export interface ApiMoneyTransactionInput {
  type: 'income' | 'expense' | 'transfer';
  accountId: string;
  subAccountId?: string | null;
  amount: string;
  currencyId: string;
  date: string;
  categoryId?: string | null;
  subCategoryId?: string | null;
  note?: string;
  accountToId?: string;
  subAccountToId?: string | null;
  amountTo?: string;
  currencyToId?: string;
}

export interface ApiMoneyBalances {
  currencyId: string;
  date: string;
  accounts: { accountId: string; byCurrency: { currencyId: string; amount: string }[]; converted: string }[];
  total: { byCurrency: { currencyId: string; amount: string }[]; converted: string };
}

export interface ApiCurrency {
  id: string;
  code: string;
  minorUnits: number;
}

/** The money API as the signed-in test user, for arranging data and checking what was saved. */
export function moneyApi(page: Page, baseURL: string, accessToken: string) {
  async function call<Body>(method: string, path: string, data?: unknown): Promise<Body> {
    const response = await page.request.fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      ...(data !== undefined && { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? (undefined as Body) : response.json();
  }
  let currencies: Promise<ApiCurrency[]> | undefined;
  const listCurrencies = () => {
    currencies ??= call<{ items: ApiCurrency[] }>('GET', '/currencies').then((list) => list.items);
    return currencies;
  };
  return {
    listCurrencies,
    /** The id of the currency with this ISO code (the seeded list). */
    currencyId: async (code: string) => {
      const currency = (await listCurrencies()).find((entry) => entry.code === code);
      if (!currency) throw new Error(`No currency ${code}`);
      return currency.id;
    },
    createAccount: (body: { name: string; parentId?: string | null; currencyId?: string | null }) =>
      call<ApiMoneyAccount>('POST', '/money/accounts', body),
    listAccounts: async () => (await call<{ items: ApiMoneyAccount[] }>('GET', '/money/accounts')).items,
    createCategory: (body: { name: string; parentId?: string | null }) =>
      call<ApiMoneyCategory>('POST', '/money/categories', body),
    listCategories: async () => (await call<{ items: ApiMoneyCategory[] }>('GET', '/money/categories')).items,
    createTransaction: (body: ApiMoneyTransactionInput) =>
      call<ApiMoneyTransaction>('POST', '/money/transactions', body),
    listTransactions: async (query: Record<string, string> = {}) =>
      (
        await call<{ items: ApiMoneyTransaction[] }>(
          'GET',
          `/money/transactions?${new URLSearchParams(query)}`,
        )
      ).items,
    getBalances: () => call<ApiMoneyBalances>('GET', '/money/balances'),
  };
}
