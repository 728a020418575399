import { describe, expect, it } from 'vitest';
import { readDownloadFileName } from './export-worklogs';

describe('readDownloadFileName', () => {
  it('prefers the RFC 5987 name, which keeps non-ASCII letters', () => {
    expect(
      readDownloadFileName(
        `attachment; filename="acme_2026-11-01_2026-11-30.csv"; filename*=UTF-8''%C5%BC%C3%B3%C5%82w_2026-11-01_2026-11-30.csv`,
        'fallback.csv',
      ),
    ).toBe('żółw_2026-11-01_2026-11-30.csv');
  });

  it('reads a plain quoted or bare name', () => {
    expect(readDownloadFileName('attachment; filename="acme_2026.csv"', 'x.csv')).toBe('acme_2026.csv');
    expect(readDownloadFileName('attachment; filename=acme.csv', 'x.csv')).toBe('acme.csv');
  });

  it('falls back when the server names none or a malformed one', () => {
    expect(readDownloadFileName(null, 'fallback.csv')).toBe('fallback.csv');
    expect(readDownloadFileName(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.csv')).toBe(
      'fallback.csv',
    );
  });
});
