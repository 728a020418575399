import { signUp, type TestApp } from './test-app';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type MoneyTransactionBody = {
  id: string;
  type: 'income' | 'expense';
  accountId: string;
  subAccountId: string | null;
  transferId: string | null;
  transfer: {
    transactionId: string;
    accountId: string;
    subAccountId: string | null;
    amount: string;
    currencyId: string;
  } | null;
  amount: string;
  currencyId: string;
  date: string;
  categoryId: string | null;
  subCategoryId: string | null;
  note: string;
  recurringId: string | null;
};

/** A new user of the money tracker, calling the API as the web app does. */
export async function createMoneyUser(t: TestApp) {
  const { accessToken } = await signUp(t);
  const me = await t.request({ method: 'GET', url: '/api/v1/users/me', token: accessToken });
  const call = async (method: Method, url: string, payload?: unknown) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token: accessToken,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return {
      status: response.statusCode,
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the answer holds.
      body: (isJson && response.body ? response.json() : undefined) as any,
      text: response.body,
      headers: response.headers,
    };
  };
  const created = async <T = Body & { id: string }>(url: string, payload: Body): Promise<T> => {
    const response = await call('POST', url, payload);
    if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${response.text}`);
    return response.body as T;
  };
  let currencyIds: Map<string, string> | undefined;
  return {
    userId: me.json().id as string,
    call,
    /** The id of a currency by its ISO code. */
    async currency(code: string): Promise<string> {
      if (!currencyIds) {
        const response = await call('GET', '/currencies');
        currencyIds = new Map(
          (response.body.items as { id: string; code: string }[]).map((item) => [item.code, item.id]),
        );
      }
      const id = currencyIds.get(code);
      if (!id) throw new Error(`no currency ${code}`);
      return id;
    },
    account: (name: string, extra: Body = {}) =>
      created<{ id: string; parentId: string | null }>('/money/accounts', { name, ...extra }),
    category: (name: string, extra: Body = {}) =>
      created<{ id: string; parentId: string | null }>('/money/categories', { name, ...extra }),
    transaction: (payload: Body) => created<MoneyTransactionBody>('/money/transactions', payload),
    async list(query = ''): Promise<MoneyTransactionBody[]> {
      const response = await call('GET', `/money/transactions${query}`);
      if (response.status !== 200) throw new Error(`list: ${response.status} ${response.text}`);
      return response.body.items;
    },
    async accounts(): Promise<
      { id: string; name: string; parentId: string | null; transactionCount: number }[]
    > {
      return (await call('GET', '/money/accounts')).body.items;
    },
    async categories(): Promise<
      { id: string; name: string; parentId: string | null; transactionCount: number }[]
    > {
      return (await call('GET', '/money/categories')).body.items;
    },
  };
}

export type MoneyUser = Awaited<ReturnType<typeof createMoneyUser>>;
