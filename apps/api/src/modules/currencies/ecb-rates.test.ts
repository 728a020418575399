import { describe, expect, it } from 'vitest';
import { EcbRatesError, parseEcbRates, toUsdRates } from './ecb-rates';

const envelope = (days: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${days}</Cube>
</gesmes:Envelope>`;

describe('the ECB reference-rate file', () => {
  it('turns rates per 1 EUR into rates per 1 USD, exactly, oldest day first', () => {
    const days = parseEcbRates(
      envelope(`
        <Cube time='2026-03-06'><Cube currency='USD' rate='1.0823'/><Cube currency='JPY' rate='162.45'/></Cube>
        <Cube time="2026-03-05"><Cube currency="USD" rate="1.25"/><Cube currency="GBP" rate="0.85"/></Cube>`),
    );
    expect(days.map((day) => [day.date, Object.fromEntries(day.rates)])).toEqual([
      // 0.85 / 1.25 and 1 / 1.25 are exact; no float ever sees them.
      ['2026-03-05', { EUR: '0.800000', USD: '1.000000', GBP: '0.680000' }],
      ['2026-03-06', { EUR: '0.923958', USD: '1.000000', JPY: '150.097016' }],
    ]);
  });

  it('rounds halves up at the sixth place', () => {
    // 1 / 1.6 = 0.625 exactly; 0.0000005 / 1 rounds to 0.000001.
    const day = toUsdRates({
      date: '2026-01-02',
      eurRates: new Map([
        ['USD', '1'],
        ['XAU', '0.0000005'],
      ]),
    });
    expect(day?.rates.get('XAU')).toBe('0.000001');
    expect(toUsdRates({ date: '2026-01-02', eurRates: new Map([['USD', '1.6']]) })?.rates.get('EUR')).toBe(
      '0.625000',
    );
  });

  it('leaves out a day without a US dollar rate', () => {
    const days = parseEcbRates(
      envelope(`
        <Cube time='2026-03-06'><Cube currency='USD' rate='1.08'/></Cube>
        <Cube time='2026-03-05'><Cube currency='JPY' rate='160'/></Cube>`),
    );
    expect(days.map((day) => day.date)).toEqual(['2026-03-06']);
  });

  it.each([
    ['not XML', 'Service temporarily unavailable'],
    ['an HTML page', '<html><body><p>Maintenance</body></html>'],
    ['XML without days', envelope('')],
    ['a day with a bad date', envelope(`<Cube time='2026-02-30'><Cube currency='USD' rate='1'/></Cube>`)],
    ['a negative rate', envelope(`<Cube time='2026-03-06'><Cube currency='USD' rate='-1.08'/></Cube>`)],
    ['a zero rate', envelope(`<Cube time='2026-03-06'><Cube currency='USD' rate='0'/></Cube>`)],
    ['an exponent', envelope(`<Cube time='2026-03-06'><Cube currency='USD' rate='1e3'/></Cube>`)],
    ['no US dollar at all', envelope(`<Cube time='2026-03-06'><Cube currency='JPY' rate='160'/></Cube>`)],
  ])('refuses %s', (_name, xml) => {
    expect(() => parseEcbRates(xml)).toThrow(EcbRatesError);
  });
});
