import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { jobDefinitions } from '../src/job-definitions';
import { FETCH_RATES_JOB, rateJobDefinitions } from '../src/modules/currencies/rates.jobs';
import { enqueueJobs } from '../src/modules/jobs/job-queue';
import { createJobRunner, type JobRunnerLog } from '../src/modules/jobs/job-runner';
import { createTestApp, signUp, type TestApp } from './support/test-app';

const quietLog: JobRunnerLog = { info() {}, warn() {}, error() {} };
const sample = await readFile(new URL('./fixtures/ecb-eurofxref-sample.xml', import.meta.url), 'utf8');

/** A real HTTP server on a free local port, answering every request with `answer`. */
async function startSource(answer: { status: number; type: string; body: string }) {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(answer.status, { 'content-type': answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/eurofxref-hist-90d.xml`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sources = {
  sample: { status: 200, type: 'text/xml', body: sample },
  failing: { status: 500, type: 'text/plain', body: 'Internal Server Error' },
  garbage: { status: 200, type: 'text/html', body: '<html><body>Maintenance <b>tonight</body>' },
  empty: {
    status: 200,
    type: 'text/xml',
    body: '<?xml version="1.0"?><gesmes:Envelope xmlns:gesmes="x"><Cube></Cube></gesmes:Envelope>',
  },
};
type Source = Awaited<ReturnType<typeof startSource>>;
const started: Partial<Record<keyof typeof sources, Source>> = {};

/** One app per RATES_URL, on one database (the rates are shared data, like the currencies). */
let plain: TestApp;
const apps: Partial<Record<keyof typeof sources, TestApp>> = {};
let adminToken: string;
let userToken: string;
const currencyIds = new Map<string, string>();

beforeAll(async () => {
  plain = await createTestApp();
  for (const key of Object.keys(sources) as (keyof typeof sources)[]) {
    const source = await startSource(sources[key]);
    started[key] = source;
    apps[key] = await createTestApp({ database: plain.database, env: { RATES_URL: source.url } });
  }
  // The instance's first account is its admin.
  const admin = await signUp(plain);
  adminToken = admin.accessToken;
  userToken = (await signUp(plain)).accessToken;
  const rows = await queryRows<{ id: string; code: string }>(
    plain.database.db,
    sql`select id, code from currencies`,
  );
  for (const row of rows) currencyIds.set(row.code, row.id);
});

afterAll(async () => {
  for (const app of Object.values(apps)) await app?.app.close();
  for (const source of Object.values(started)) await source?.close();
  await plain.close();
});

beforeEach(async () => {
  await plain.database.db.execute(sql`delete from currency_rates`);
  await plain.database.db.execute(sql`update currencies set rate = 1, rate_updated_at = null`);
  await plain.database.db.execute(sql`delete from jobs`);
  await plain.database.db.execute(sql`delete from job_schedules`);
});

function id(code: string): string {
  const found = currencyIds.get(code);
  if (!found) throw new Error(`no currency ${code}`);
  return found;
}

async function call(
  app: TestApp,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  options: { token?: string; payload?: object } = {},
) {
  const response = await app.request({
    method,
    url: `/api/v1${url}`,
    token: options.token ?? adminToken,
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

async function history(code: string, query = '') {
  const response = await call(plain, 'GET', `/currencies/${id(code)}/rates${query}`, { token: userToken });
  expect(response.status).toBe(200);
  return response.body.items as { date: string; rate: string; source: string }[];
}

async function currentRate(code: string) {
  const response = await call(plain, 'GET', '/currencies', { token: userToken });
  const currency = (
    response.body.items as { code: string; rate: string; rateUpdatedAt: string | null }[]
  ).find((item) => item.code === code);
  return { rate: currency?.rate, rateUpdatedAt: currency?.rateUpdatedAt ?? null };
}

async function countRates(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    plain.database.db,
    sql`select count(*)::int as count from currency_rates`,
  );
  return row?.count ?? -1;
}

describe('fetching the ECB reference rates', () => {
  it('stores every day of the file as units per 1 USD and makes the newest day current', async () => {
    const refreshed = await call(apps.sample!, 'POST', '/currencies/rates/refresh');
    expect(refreshed).toEqual({
      status: 200,
      body: { days: ['2026-03-04', '2026-03-05', '2026-03-06'], currenciesUpdated: 31 },
    });
    // 1 EUR = 1.0823 USD on the 6th, so 1 USD = 1 / 1.0823 EUR = 0.923958 (6 places), and
    // 1 USD = 0.85513 / 1.0823 GBP = 0.790104 GBP.
    expect(await history('EUR')).toEqual([
      { date: '2026-03-04', rate: '0.929887', source: 'ecb' },
      { date: '2026-03-05', rate: '0.926698', source: 'ecb' },
      { date: '2026-03-06', rate: '0.923958', source: 'ecb' },
    ]);
    expect((await history('GBP', '?from=2026-03-05&to=2026-03-05')).map((item) => item.rate)).toEqual([
      '0.791419',
    ]);
    expect((await history('JPY', '?from=2026-03-06')).map((item) => item.rate)).toEqual(['150.097016']);
    expect((await history('USD')).map((item) => item.rate)).toEqual(['1', '1', '1']);
    const eur = await currentRate('EUR');
    expect(eur.rate).toBe('0.923958');
    expect(eur.rateUpdatedAt).not.toBeNull();
    expect((await currentRate('PLN')).rate).toBe('3.988266');
    // A currency the file does not list keeps its rate.
    expect(await currentRate('ARS')).toEqual({ rate: '1', rateUpdatedAt: null });
  });

  it('never overwrites a day an administrator set, and a second fetch changes nothing', async () => {
    const set = await call(plain, 'PUT', `/currencies/${id('EUR')}/rate`, {
      payload: { rate: '0.95', date: '2026-03-05' },
    });
    expect(set).toEqual({ status: 200, body: { date: '2026-03-05', rate: '0.95', source: 'admin' } });
    expect((await call(apps.sample!, 'POST', '/currencies/rates/refresh')).status).toBe(200);
    expect((await call(apps.sample!, 'POST', '/currencies/rates/refresh')).status).toBe(200);
    expect(await history('EUR')).toEqual([
      { date: '2026-03-04', rate: '0.929887', source: 'ecb' },
      { date: '2026-03-05', rate: '0.95', source: 'admin' },
      { date: '2026-03-06', rate: '0.923958', source: 'ecb' },
    ]);
    expect(await countRates()).toBe(93);
  });

  it('answers 503 and stores nothing when the source fails or sends something else', async () => {
    await call(plain, 'PUT', `/currencies/${id('EUR')}/rate`, {
      payload: { rate: '0.9', date: '2026-03-01' },
    });
    for (const key of ['failing', 'garbage', 'empty'] as const) {
      const before = started[key]!.requests();
      const response = await call(apps[key]!, 'POST', '/currencies/rates/refresh');
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(started[key]!.requests()).toBe(before + 1);
    }
    expect((await call(apps.failing!, 'POST', '/currencies/rates/refresh')).body.error).toBe(
      'The exchange-rate source answered HTTP 500',
    );
    expect(await countRates()).toBe(1);
    expect((await currentRate('EUR')).rate).toBe('0.9');
  });

  it('answers 409 without RATES_URL, and refreshing is for administrators only', async () => {
    const unset = await call(plain, 'POST', '/currencies/rates/refresh');
    expect(unset.status).toBe(409);
    expect(unset.body.error).toMatch(/RATES_URL/);
    const forbidden = await call(apps.sample!, 'POST', '/currencies/rates/refresh', { token: userToken });
    expect(forbidden.status).toBe(404);
    expect(await countRates()).toBe(0);
  });
});

describe('the daily job', () => {
  it('is scheduled at 16:30 Berlin time only when RATES_URL is set', () => {
    const names = (config: TestApp['config']) =>
      jobDefinitions({ config, pglite: undefined, log: quietLog }).map((definition) => definition.name);
    expect(names(plain.config)).not.toContain(FETCH_RATES_JOB);
    expect(names(apps.sample!.config)).toContain(FETCH_RATES_JOB);
    const [definition] = rateJobDefinitions({ config: apps.sample!.config, log: quietLog });
    expect(definition?.schedule).toEqual({ cron: '30 16 * * *', timeZone: 'Europe/Berlin' });
  });

  async function runFetchJob(app: TestApp) {
    const runner = createJobRunner({
      ctx: app.app.ctx,
      definitions: rateJobDefinitions({ config: app.config, log: quietLog }),
      log: quietLog,
    });
    await enqueueJobs(app.app.ctx, [{ name: FETCH_RATES_JOB }]);
    await runner.runOnce();
    const [job] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      plain.database.db,
      sql`select status::text as status, attempts, last_error from jobs where name = ${FETCH_RATES_JOB}`,
    );
    return job;
  }

  it('stores the file’s rates', async () => {
    expect(await runFetchJob(apps.sample!)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(await countRates()).toBe(93);
    expect((await currentRate('GBP')).rate).toBe('0.790104');
  });

  it('fails cleanly, to be tried again, when the source answers 500 or garbage', async () => {
    for (const key of ['failing', 'garbage'] as const) {
      await plain.database.db.execute(sql`delete from jobs`);
      const job = await runFetchJob(apps[key]!);
      // Back in the queue for a later attempt, with the reason kept for the admin page.
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.last_error).toMatch(key === 'failing' ? /HTTP 500/ : /not answer with XML/);
    }
    expect(await countRates()).toBe(0);
    expect(await currentRate('EUR')).toEqual({ rate: '1', rateUpdatedAt: null });
  });
});

describe('setting a rate by hand', () => {
  it('makes the newest day the current rate; an older day only joins the history', async () => {
    const today = plain.clock.now().toISOString().slice(0, 10);
    const set = await call(plain, 'PUT', `/currencies/${id('CHF')}/rate`, { payload: { rate: '0.881234' } });
    expect(set).toEqual({ status: 200, body: { date: today, rate: '0.881234', source: 'admin' } });
    expect((await currentRate('CHF')).rate).toBe('0.881234');
    await call(plain, 'PUT', `/currencies/${id('CHF')}/rate`, {
      payload: { rate: '0.7', date: '2025-01-02' },
    });
    expect((await currentRate('CHF')).rate).toBe('0.881234');
    await call(plain, 'PUT', `/currencies/${id('CHF')}/rate`, { payload: { rate: '0.9', date: today } });
    expect((await currentRate('CHF')).rate).toBe('0.9');
    expect(await history('CHF')).toEqual([
      { date: '2025-01-02', rate: '0.7', source: 'admin' },
      { date: today, rate: '0.9', source: 'admin' },
    ]);
  });

  it('refuses other users, days to come, a zero rate, a US dollar other than 1 and unknown currencies', async () => {
    const put = (currencyId: string, payload: object, token = adminToken) =>
      call(plain, 'PUT', `/currencies/${currencyId}/rate`, { payload, token });
    expect((await put(id('CHF'), { rate: '0.9' }, userToken)).status).toBe(404);
    expect((await put(id('CHF'), { rate: '0.9', date: '2026-03-20' })).status).toBe(400);
    expect((await put(id('CHF'), { rate: '0' })).status).toBe(400);
    expect((await put(id('CHF'), { rate: '-1' })).status).toBe(400);
    expect((await put(id('USD'), { rate: '1.1' })).status).toBe(400);
    expect((await put(id('USD'), { rate: '1.000' })).status).toBe(200);
    expect((await put('00000000-0000-4000-8000-000000000000', { rate: '1' })).status).toBe(404);
    expect(
      (
        await call(plain, 'GET', '/currencies/00000000-0000-4000-8000-000000000000/rates', {
          token: userToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(plain, 'GET', `/currencies/${id('CHF')}/rates?from=2026-03-02&to=2026-03-01`)).status,
    ).toBe(400);
    expect(await countRates()).toBe(1);
  });
});
