// How fast the money flow tracker's balances, reports and register answer for a user with 50,000
// transactions on the embedded database, and how close each comes to the same SQL run bare.
// Run: npm run bench:money -w @cairn/bench. See bench/README.md.
import { cpus, loadavg } from 'node:os';
import {
  median,
  type RecordedStatement as Statement,
  startRecordedPgliteApp,
} from '../support/recorded-pglite-app';

const TRANSACTION_ROWS = 50_000;
/** Rows that are one side of a transfer (two rows each): about 5 % of the table. */
const TRANSFER_ROWS = 2_500;
const FIRST_DAY = '2023-11-01';
const LAST_DAY = '2026-11-25';
/** The bar for GET /money/balances on the embedded database. */
const BALANCES_BAR_MS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const { app, database, rawQuery, userId, api, recordStatements, refreshPlannerStatistics } =
  await startRecordedPgliteApp({ timeZone: 'UTC' });

// --- Accounts, categories and currencies ------------------------------------------------------------

const currencyRows = await rawQuery<{ id: string; code: string }>(
  `select id, code from currencies where code in ('USD', 'EUR', 'GBP', 'JPY')`,
);
const currencyId = Object.fromEntries(currencyRows.rows.map((row) => [row.code, row.id])) as Record<
  'USD' | 'EUR' | 'GBP' | 'JPY',
  string
>;

async function createAccount(name: string, parentId: string | null = null, currency: string | null = null) {
  return (await api('POST', '/api/v1/money/accounts', { name, parentId, currencyId: currency })).json()
    .id as string;
}
const checking = await createAccount('Checking');
const savings = await createAccount('Savings');
const creditCard = await createAccount('Credit card');
const cash = await createAccount('Cash');
const euroAccount = await createAccount('Euro account', null, currencyId.EUR);
const brokerage = await createAccount('Brokerage');
const accountIds = [checking, savings, creditCard, cash, euroAccount, brokerage];
// Two accounts with sub-accounts: a transaction on one names the top-level account and the sub-account.
const savingsSubs = [await createAccount('Emergency fund', savings), await createAccount('Holiday', savings)];
const brokerageSubs = [await createAccount('Stocks', brokerage), await createAccount('Bonds', brokerage)];

async function createCategory(name: string, parentId: string | null = null) {
  return (await api('POST', '/api/v1/money/categories', { name, parentId })).json().id as string;
}
const salary = await createCategory('Salary');
const interest = await createCategory('Interest');
const food = await createCategory('Food');
const transport = await createCategory('Transport');
const housing = await createCategory('Housing');
const utilities = await createCategory('Utilities');
const health = await createCategory('Health');
const entertainment = await createCategory('Entertainment');
const foodSubs = [await createCategory('Groceries', food), await createCategory('Restaurants', food)];
const transportSubs = [
  await createCategory('Fuel', transport),
  await createCategory('Public transport', transport),
];

// --- Rates for every business day, and 50,000 transactions over three years ------------------------

// EUR, GBP and JPY per 1 USD, drifting slowly around a level (USD is the base, always 1).
await rawQuery(
  `insert into currency_rates (currency_id, date, rate, source, created_at, updated_at)
   select c.id, d::date,
          round((case c.code when 'EUR' then 0.92 when 'GBP' then 0.79 else 148 end
                 * (1 + 0.04 * sin(extract(epoch from d)::float8 / 5e6)))::numeric, 6),
          'ecb', now(), now()
     from currencies c
    cross join generate_series($1::date, $2::date, interval '1 day') d
    where c.code in ('EUR', 'GBP', 'JPY') and extract(isodow from d) < 6
   on conflict do nothing`,
  [FIRST_DAY, LAST_DAY],
);
await rawQuery(
  `update currencies c set rate = r.rate, rate_updated_at = now()
     from (select distinct on (currency_id) currency_id, rate from currency_rates
            order by currency_id, date desc) r
    where r.currency_id = c.id`,
);

const days = (Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / 86_400_000;
const plainRows = TRANSACTION_ROWS - TRANSFER_ROWS;
// Income every seventh row (salary or interest), the rest expenses spread over the categories; a
// quarter of the expenses in a sub-category. Currencies: 80 % USD, 10 % EUR, 6 % GBP, 4 % JPY.
await rawQuery(
  `insert into money_transactions (user_id, id, type, account_id, sub_account_id, transfer_id, amount,
                                   currency_id, date, category_id, sub_category_id, note, created_at, updated_at)
   select $1, gen_random_uuid(),
          case when n % 7 = 0 then 'income' else 'expense' end,
          a.account_id, a.sub_account_id, null,
          round(((case when n % 7 = 0 then 400 + n % 2600 else 1 + (n * 37) % 240 end)
                 * case cur.code when 'JPY' then 150 else 1 end)::numeric
                + (n % 100) / 100.0, 2),
          cur.id, $2::date + (n * $3::int / $4::int),
          case when n % 7 = 0 then case when n % 5 = 0 then $5::uuid else $6::uuid end
               else ($7::uuid[])[1 + n % 6] end,
          case when n % 7 <> 0 and n % 4 = 0 and n % 6 = 0 then ($8::uuid[])[1 + n % 2]
               when n % 7 <> 0 and n % 4 = 0 and n % 6 = 1 then ($9::uuid[])[1 + n % 2] end,
          'Payment ' || n, now(), now()
     from generate_series(0, $4::int - 1) n
    cross join lateral (
      select case when n % 100 < 80 then 'USD' when n % 100 < 90 then 'EUR' when n % 100 < 96 then 'GBP'
                  else 'JPY' end as code) pick
     join currencies cur on cur.code = pick.code
    cross join lateral (
      select ($10::uuid[])[1 + n % 6] as account_id,
             case when n % 6 = 1 and n % 3 <> 0 then ($11::uuid[])[1 + n % 2]
                  when n % 6 = 5 and n % 3 <> 0 then ($12::uuid[])[1 + n % 2] end as sub_account_id) a`,
  [
    userId,
    FIRST_DAY,
    days,
    plainRows,
    interest,
    salary,
    `{${[food, transport, housing, utilities, health, entertainment].join(',')}}`,
    `{${foodSubs.join(',')}}`,
    `{${transportSubs.join(',')}}`,
    `{${accountIds.join(',')}}`,
    `{${savingsSubs.join(',')}}`,
    `{${brokerageSubs.join(',')}}`,
  ],
);
// Transfers in USD from checking to savings or brokerage: an expense out and an income in, one transfer_id.
await rawQuery(
  `insert into money_transactions (user_id, id, type, account_id, sub_account_id, transfer_id, amount,
                                   currency_id, date, category_id, note, created_at, updated_at)
   select $1, gen_random_uuid(), side.type, side.account_id, side.sub_account_id, t.transfer_id, t.amount,
          $2::uuid, t.date, null, 'Transfer ' || t.n, now(), now()
     from (select n, gen_random_uuid() as transfer_id, (50 + n % 950)::numeric as amount,
                  $3::date + (n * $4::int / $5::int) as date
             from generate_series(0, $5::int - 1) n) t
    cross join lateral (
      values ('expense', $6::uuid, null::uuid),
             ('income', case when t.n % 2 = 0 then $7::uuid else $8::uuid end,
              case when t.n % 2 = 0 then ($9::uuid[])[1 + t.n / 2 % 2] end)
    ) side(type, account_id, sub_account_id)`,
  [
    userId,
    currencyId.USD,
    FIRST_DAY,
    days,
    TRANSFER_ROWS / 2,
    checking,
    savings,
    brokerage,
    `{${savingsSubs.join(',')}}`,
  ],
);
// As the server does at boot on the embedded database.
await refreshPlannerStatistics();

// --- Each request through the API, and the same statements run bare ---------------------------------

async function statementsOf(url: string) {
  const { result: response, statements } = await recordStatements(() => api('GET', url));
  return { statements, body: response.body };
}

async function runBare(statements: Statement[]) {
  const results = [];
  for (const statement of statements) {
    results.push(await rawQuery(statement.text, statement.params, statement.options));
  }
  return results;
}

type Bare = Awaited<ReturnType<typeof runBare>>;
type Row = Record<string, unknown>;

/**
 * The rows of the first recorded statement matching the pattern, as objects; an array row keeps the
 * first column of a name (a join's second "id" must not replace the row's own).
 */
function rowsOf(bare: Bare, statements: Statement[], pattern: RegExp): Row[] {
  const index = statements.findIndex((statement) => pattern.test(statement.text));
  if (index < 0) throw new Error(`no recorded statement matches ${pattern}`);
  const { rows, fields } = bare[index]!;
  return rows.map((row) => {
    if (!Array.isArray(row)) return row as Row;
    const named: Row = {};
    fields.forEach((field, column) => {
      if (!(field.name in named)) named[field.name] = row[column];
    });
    return named;
  });
}

/** A numeric as SQL prints it, compared with the API's trimmed decimal string. */
const sameDecimal = (sqlText: unknown, apiText: string) =>
  String(sqlText)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '') === apiText;

type Case = {
  name: string;
  url: string;
  /** A fast wrong answer is not a result: the bare run must read what the API answered. */
  check(body: string, bare: Bare, statements: Statement[]): void;
};

const yearAgo = '2025-11-25';
const twelveMonthsAgo = '2025-12-01';
const cases: Case[] = [
  {
    name: 'balances (10 accounts, all 50,000 rows)',
    url: '/api/v1/money/balances',
    check(body, bare, statements) {
      const balances = JSON.parse(body) as {
        accounts: unknown[];
        total: { converted: string; byCurrency: unknown[] };
      };
      const total = rowsOf(bare, statements, /grouping sets/).find(
        (row) => Number(row.ga) === 1 && Number(row.gs) === 1 && Number(row.gc) === 1 && !row.is_marker,
      );
      if (!sameDecimal(total?.converted, balances.total.converted))
        throw new Error(`balances: bare total ${total?.converted}, API ${balances.total.converted}`);
      if (balances.accounts.length !== 10 || balances.total.byCurrency.length !== 4)
        throw new Error(
          `balances: ${balances.accounts.length} accounts, ${balances.total.byCurrency.length} currencies`,
        );
    },
  },
  {
    name: 'balance history, a year per day',
    url: `/api/v1/money/balances/history?from=${yearAgo}&to=${LAST_DAY}`,
    check(body, bare, statements) {
      const history = JSON.parse(body) as { points: { date: string; balance: string }[] };
      const rows = rowsOf(bare, statements, /per_day/);
      const last = rows.at(-1);
      if (history.points.length !== 366 || rows.length !== 366)
        throw new Error(`history: ${history.points.length} points, ${rows.length} rows bare`);
      if (!sameDecimal(last?.balance, history.points.at(-1)!.balance))
        throw new Error('history: the bare run ended on another balance');
    },
  },
  {
    name: 'monthly report, 12 months',
    url: `/api/v1/money/reports/monthly?from=${twelveMonthsAgo}&to=${LAST_DAY}`,
    check(body, bare, statements) {
      const report = JSON.parse(body) as { months: { month: string; income: string; expense: string }[] };
      const rows = rowsOf(bare, statements, /per_month/);
      if (report.months.length !== 12 || rows.length !== 12)
        throw new Error(`monthly: ${report.months.length} months, ${rows.length} rows bare`);
      if (!report.months.every((month, index) => sameDecimal(rows[index]!.expense, month.expense)))
        throw new Error('monthly: the bare run read other expenses');
    },
  },
  {
    name: 'categories report, a year of expenses',
    url: `/api/v1/money/reports/categories?from=${yearAgo}&to=${LAST_DAY}`,
    check(body, bare, statements) {
      const report = JSON.parse(body) as { total: string; items: unknown[] };
      const total = rowsOf(bare, statements, /grouping sets/).find((row) => Number(row.gc) === 1);
      if (!sameDecimal(total?.total, report.total) || report.items.length !== 6)
        throw new Error(
          `categories: bare total ${total?.total}, API ${report.total}, ${report.items.length} items`,
        );
    },
  },
  {
    name: 'register, first page (50 newest)',
    url: '/api/v1/money/transactions',
    check(body, bare, statements) {
      const page = JSON.parse(body) as { items: { id: string }[] };
      const rows = rowsOf(bare, statements, /"money_transactions".*order by.*limit/s);
      const ids = rows.slice(0, page.items.length).map((row) => row.id);
      if (
        page.items.length !== 50 ||
        JSON.stringify(ids) !== JSON.stringify(page.items.map((item) => item.id))
      )
        throw new Error('register: the bare run read another page');
    },
  },
];

const startLoad = loadavg()[0]!;
const results: { name: string; statements: number; bytes: number; api: number; bare: number }[] = [];
for (const testCase of cases) {
  const { statements, body } = await statementsOf(testCase.url);
  testCase.check(body, await runBare(statements), statements);
  if (process.env.BENCH_PROFILE) {
    for (const statement of statements) {
      const began = performance.now();
      for (let index = 0; index < 3; index += 1) {
        await rawQuery(statement.text, statement.params, statement.options);
      }
      console.error(
        ((performance.now() - began) / 3).toFixed(1),
        statement.text.slice(0, 100).replace(/\s+/g, ' '),
      );
      if (process.env.BENCH_PROFILE === 'explain' && /^\s*with /.test(statement.text)) {
        const explained = await rawQuery<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.params,
        );
        console.error(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
  }
  // Warm both, then take turns call for call, so a neighbour's burst slows both alike.
  await api('GET', testCase.url);
  await runBare(statements);
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let began = performance.now();
    await api('GET', testCase.url);
    apiTimes.push(performance.now() - began);
    began = performance.now();
    await runBare(statements);
    bareTimes.push(performance.now() - began);
  }
  results.push({
    name: testCase.name,
    statements: statements.length,
    bytes: Buffer.byteLength(body),
    api: median(apiTimes),
    bare: median(bareTimes),
  });
}

console.log(
  `## Money, ${TRANSACTION_ROWS.toLocaleString('en-US')} transactions, PGlite, API against the same SQL run bare\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} rounds\n`,
);
console.log(
  'The ratio is the bare SQL median ÷ the API median: 1× means the API adds nothing to its statements.\n',
);
console.log('| case | statements | response bytes | API median ms | bare SQL median ms | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of results) {
  console.log(
    `| ${row.name} | ${row.statements} | ${row.bytes.toLocaleString('en-US')} | ${row.api.toFixed(1)} | ${row.bare.toFixed(1)} | ${(row.bare / row.api).toFixed(2)}× |`,
  );
}
const balances = results[0]!;
console.log(
  `\nBalances: API median ${balances.api.toFixed(1)} ms against the ${BALANCES_BAR_MS} ms bar: ${balances.api < BALANCES_BAR_MS ? 'PASS' : 'FAIL'}.`,
);
await app.close();
await database.close();
