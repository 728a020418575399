import type {
  CurrencyRate,
  CurrencyRateHistory,
  RatesRefreshResult,
  SetCurrencyRateBody,
} from '@cairn/contracts/money';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal } from '../../lib/decimal';
import { EcbRatesError, parseEcbRates } from './ecb-rates';
import * as repository from './rates.repository';

/**
 * Exchange rates: units of a currency per 1 USD, one per day. An administrator sets a day's rate;
 * the daily job (and an administrator's refresh) reads the European Central Bank's file at RATES_URL.
 * Each currency's current rate (currencies.rate) is the rate of its newest day.
 */

/** The currency every rate is counted in: its rate is 1 by definition. */
export const BASE_CURRENCY_CODE = 'USD';

const FETCH_TIMEOUT_MS = 30_000;
/** The ECB's whole history since 1999 is about 6 MB; anything much larger is not that file. */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;

/** The rates source could not be read: unreachable, an HTTP error, or not the file it should be. */
export class RatesSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RatesSourceError';
  }
}

function toRate(row: repository.CurrencyRateRow): CurrencyRate {
  return { date: row.date, rate: formatDecimal(row.rate), source: row.source };
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

async function requireCurrency(ctx: AppContext, currencyId: string) {
  const currency = await repository.findCurrencyById(ctx.db, currencyId);
  if (!currency) throw notFound('Currency');
  return currency;
}

export async function findCurrencyRates(
  ctx: AppContext,
  options: { currencyId: string; from: string | undefined; to: string | undefined },
): Promise<CurrencyRateHistory> {
  const { from, to } = options;
  if (from !== undefined && to !== undefined && from > to) {
    throw new AppError('VALIDATION_FAILED', 'The range ends before it starts', {
      issues: [{ path: ['querystring', 'to'], message: 'Must not be before from' }],
    });
  }
  await requireCurrency(ctx, options.currencyId);
  const rows = await repository.findRateHistory(ctx.db, options);
  return { items: rows.map(toRate) };
}

/**
 * An administrator's rate for a day (today in UTC when left out). When it is the currency's newest
 * day, it becomes the current rate too.
 */
export async function setCurrencyRate(
  ctx: AppContext,
  options: { currencyId: string; body: SetCurrencyRateBody },
): Promise<CurrencyRate> {
  const now = ctx.clock.now();
  const date = options.body.date ?? utcDay(now);
  // Somewhere on Earth it is already the next UTC day, but no later.
  if (date > utcDay(new Date(now.getTime() + DAY_MS))) {
    throw new AppError('VALIDATION_FAILED', 'A rate can only be set for a day that has begun', {
      issues: [{ path: ['body', 'date'], message: 'Must not be a day to come' }],
    });
  }
  const currency = await requireCurrency(ctx, options.currencyId);
  const rate = formatDecimal(options.body.rate);
  if (currency.code === BASE_CURRENCY_CODE && rate !== '1') {
    throw new AppError(
      'VALIDATION_FAILED',
      'Rates are counted per 1 US dollar, so its own rate is always 1',
      {
        issues: [{ path: ['body', 'rate'], message: 'Must be 1 for the US dollar' }],
      },
    );
  }
  return inTransaction(ctx, async (tx) => {
    const row = await repository.upsertAdminRate(tx.db, { currencyId: currency.id, date, rate, at: now });
    if ((await repository.findLatestRateDate(tx.db, currency.id)) === date) {
      await repository.setCurrentRate(tx.db, { currencyId: currency.id, rate, at: now });
    }
    return toRate(row);
  });
}

/** The body of the source's answer as text, within the time and size a rates file needs. */
async function fetchRatesXml(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'is unreachable';
    throw new RatesSourceError(`The exchange-rate source ${reason}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new RatesSourceError(`The exchange-rate source answered HTTP ${response.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      // Leaving the loop cancels the rest of the download.
      if (size > MAX_SOURCE_BYTES) {
        throw new RatesSourceError('The exchange-rate source sent more than a rates file holds');
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof RatesSourceError) throw error;
    throw new RatesSourceError('The exchange-rate source broke off its answer', { cause: error });
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads RATES_URL and stores every day the file holds (converted to units per 1 USD), leaving days an
 * administrator set as they are, then makes each currency's newest day its current rate. Throws
 * RatesSourceError, before writing anything, when the source cannot be read or is not a rates file.
 */
export async function fetchAndStoreRates(ctx: AppContext, url: string): Promise<RatesRefreshResult> {
  const xml = await fetchRatesXml(url);
  let days: ReturnType<typeof parseEcbRates>;
  try {
    days = parseEcbRates(xml);
  } catch (error) {
    if (error instanceof EcbRatesError) throw new RatesSourceError(error.message, { cause: error });
    throw error;
  }
  // A day listed twice: the later listing wins, as it would for a person reading the file.
  const byDate = new Map(days.map((day) => [day.date, day]));
  const codes = new Set([...byDate.values()].flatMap((day) => [...day.rates.keys()]));
  const ids = await repository.findCurrencyIdsByCodes(ctx.db, [...codes]);
  const rows = [...byDate.values()].flatMap((day) =>
    [...day.rates].flatMap(([code, rate]) => {
      const currencyId = ids.get(code);
      return currencyId ? [{ currencyId, date: day.date, rate }] : [];
    }),
  );
  const at = ctx.clock.now();
  // Not one transaction: the whole history is some 200,000 rows, which on the embedded database would
  // hold every request back meanwhile. Each write is idempotent, so a run cut short is simply run again.
  await repository.upsertSourceRates(ctx.db, { rows, at });
  const currencyIds = [...new Set(rows.map((row) => row.currencyId))];
  const currenciesUpdated = await repository.setCurrentRatesFromHistory(ctx.db, { currencyIds, at });
  return { days: [...byDate.keys()].sort(), currenciesUpdated };
}

/** POST /currencies/rates/refresh: the daily job's work, now, with its failures as clear answers. */
export async function refreshRates(ctx: AppContext): Promise<RatesRefreshResult> {
  const url = ctx.config.ratesUrl;
  if (!url) {
    throw new AppError('CONFLICT', 'No exchange-rate source is configured: the server has no RATES_URL');
  }
  try {
    return await fetchAndStoreRates(ctx, url);
  } catch (error) {
    if (error instanceof RatesSourceError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
    throw error;
  }
}
