import { calendarDaySchema } from '@cairn/contracts/common';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Exact } from '../../lib/decimal';

/**
 * The European Central Bank's reference-rate XML (eurofxref-daily.xml, -hist-90d.xml, -hist.xml):
 * gesmes:Envelope / Cube / Cube time="YYYY-MM-DD" / Cube currency="USD" rate="1.0823", each rate being
 * units of the currency per 1 EUR. Cairn keeps rates as units per 1 USD.
 */

/** One day the source published: currency code → units per 1 USD, 6 places (USD itself is 1). */
export type UsdRatesDay = { date: string; rates: Map<string, string> };

export class EcbRatesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcbRatesError';
  }
}

const RATE_PATTERN = /^\d{1,14}(\.\d{1,20})?$/;
const CODE_PATTERN = /^[A-Z]{3}$/;
const RATE_SCALE = 6;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  // Values stay the text they were: a rate must never pass through a float.
  parseAttributeValue: false,
  parseTagValue: false,
  // The file has no entities; expanding none keeps a hostile document from growing in memory.
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

type Cube = { time?: unknown; currency?: unknown; rate?: unknown; Cube?: Cube[] };

function asCubes(value: unknown): Cube[] {
  return Array.isArray(value) ? (value as Cube[]) : [];
}

/** The days of the file with their rates per 1 EUR, as published (no conversion yet). */
export function parseEcbXml(xml: string): { date: string; eurRates: Map<string, string> }[] {
  if (XMLValidator.validate(xml) !== true)
    throw new EcbRatesError('The rates source did not answer with XML');
  const document = parser.parse(xml) as { Envelope?: { Cube?: unknown } };
  const days: { date: string; eurRates: Map<string, string> }[] = [];
  for (const outer of asCubes(document.Envelope?.Cube)) {
    for (const day of asCubes(outer.Cube)) {
      if (typeof day.time !== 'string' || !calendarDaySchema.safeParse(day.time).success) {
        throw new EcbRatesError(
          `A day of the rates file has no valid date: ${String(day.time).slice(0, 40)}`,
        );
      }
      const eurRates = new Map<string, string>();
      for (const entry of asCubes(day.Cube)) {
        const { currency, rate } = entry;
        if (typeof currency !== 'string' || !CODE_PATTERN.test(currency)) continue;
        if (typeof rate !== 'string' || !RATE_PATTERN.test(rate.trim()) || new Exact(rate.trim()).isZero()) {
          throw new EcbRatesError(`The rate of ${currency} on ${day.time} is not a positive number`);
        }
        eurRates.set(currency, rate.trim());
      }
      days.push({ date: day.time, eurRates });
    }
  }
  if (days.length === 0) throw new EcbRatesError('The rates file holds no day of rates');
  return days;
}

/**
 * A day of rates per 1 EUR as rates per 1 USD: rate_c = eurRate_c / eurRate_USD, EUR = 1 / eurRate_USD,
 * rounded to 6 places. A currency too strong to show in 6 places (it would round to 0) is left out.
 */
export function toUsdRates(day: { date: string; eurRates: Map<string, string> }): UsdRatesDay | undefined {
  const usdPerEur = day.eurRates.get('USD');
  if (usdPerEur === undefined) return undefined;
  const divisor = new Exact(usdPerEur);
  const rates = new Map<string, string>();
  const add = (code: string, unitsPerEur: string) => {
    const rate = new Exact(unitsPerEur).div(divisor).toDecimalPlaces(RATE_SCALE);
    if (!rate.isZero()) rates.set(code, rate.toFixed(RATE_SCALE));
  };
  add('EUR', '1');
  for (const [code, rate] of day.eurRates) add(code, rate);
  return { date: day.date, rates };
}

/** Every day of the file that has a USD rate, as rates per 1 USD, oldest first. */
export function parseEcbRates(xml: string): UsdRatesDay[] {
  const days = parseEcbXml(xml)
    .map(toUsdRates)
    .filter((day): day is UsdRatesDay => day !== undefined)
    .sort((a, b) => a.date.localeCompare(b.date));
  if (days.length === 0) throw new EcbRatesError('The rates file has no day with a US dollar rate');
  return days;
}
