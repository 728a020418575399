import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-money-transactions';

describe('exportFileName', () => {
  it.each([
    [null, 'transactions-2026-03-05.csv'],
    ['attachment', 'transactions-2026-03-05.csv'],
    ['attachment; filename="money-2026.csv"', 'money-2026.csv'],
    ['attachment; filename=money.csv', 'money.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'Ausgaben%20M%C3%A4rz.csv', 'Ausgaben März.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'%E0%A4%A', 'x.csv'],
  ])('%s → %s', (header, name) => {
    expect(exportFileName(header, '2026-03-05')).toBe(name);
  });
});
