import type { Currency } from '@cairn/contracts/currencies';
import type { AppContext } from '../../lib/app-context';
import * as repository from './currencies.repository';

/** numeric(20,6) arrives as "1.000000"; the wire carries the shortest exact decimal string. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export async function listCurrencies(ctx: AppContext): Promise<Currency[]> {
  const rows = await repository.findCurrencies(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    numericCode: row.numericCode,
    name: row.name,
    symbol: row.symbol,
    minorUnits: row.minorUnits,
    rate: trimDecimal(row.rate),
    rateUpdatedAt: row.rateUpdatedAt,
  }));
}

export async function currencyExists(ctx: AppContext, code: string): Promise<boolean> {
  return (await repository.findCurrencyByCode(ctx.db, code)) !== undefined;
}

/** The id of a currency by its ISO code; a code the seed lacks is a server fault (users.currency refers to it). */
export async function getCurrencyIdByCode(ctx: AppContext, code: string): Promise<string> {
  const row = await repository.findCurrencyByCode(ctx.db, code);
  if (!row) throw new Error(`currency ${code} is not in the currencies table`);
  return row.id;
}
