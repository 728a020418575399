import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const pageOrigin = 'http://localhost:3000';

// What npm start builds: placeholders, and the app reaches its own server wherever it is opened.
const servedByCairn = {
  VITE_API_URL: 'http://localhost',
  VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost/1',
  VITE_API_SAME_ORIGIN: 'true',
  VITE_ERROR_REPORTING_SAME_ORIGIN: 'true',
};

describe('parseEnv', () => {
  it('accepts two absolute URLs and drops a trailing slash from the API address', () => {
    expect(
      parseEnv(
        {
          VITE_API_URL: 'https://cairn.example.com/',
          VITE_ERROR_REPORTING_DSN: 'https://key@cairn.example.com/1',
        },
        pageOrigin,
      ),
    ).toEqual({
      ok: true,
      env: { apiUrl: 'https://cairn.example.com', errorReportingDsn: 'https://key@cairn.example.com/1' },
    });
  });

  it('uses the configured addresses, not the page, for an API on another origin', () => {
    const result = parseEnv(
      {
        VITE_API_URL: 'https://api.example.com',
        VITE_ERROR_REPORTING_DSN: 'https://key@errors.example.com/7',
        VITE_API_SAME_ORIGIN: 'false',
        VITE_ERROR_REPORTING_SAME_ORIGIN: '',
      },
      'http://127.0.0.1:3000',
    );
    expect(result).toEqual({
      ok: true,
      env: { apiUrl: 'https://api.example.com', errorReportingDsn: 'https://key@errors.example.com/7' },
    });
  });

  it.each([
    ['http://localhost:3000', 'http://localhost:3000', 'http://cairn@localhost:3000/1'],
    ['http://127.0.0.1:4100', 'http://127.0.0.1:4100', 'http://cairn@127.0.0.1:4100/1'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000', 'http://cairn@192.168.1.20:3000/1'],
    ['https://cairn.example.com', 'https://cairn.example.com', 'https://cairn@cairn.example.com/1'],
    ['http://[::1]:3000', 'http://[::1]:3000', 'http://cairn@[::1]:3000/1'],
  ])('served by Cairn and opened at %s, calls the API and reports errors there', (origin, api, dsn) => {
    expect(parseEnv(servedByCairn, origin)).toEqual({
      ok: true,
      env: { apiUrl: api, errorReportingDsn: dsn },
    });
  });

  it('keeps a real error-reporting service while the API follows the page', () => {
    const result = parseEnv(
      {
        ...servedByCairn,
        VITE_ERROR_REPORTING_DSN: 'https://key@o1.ingest.sentry.io/42',
        VITE_ERROR_REPORTING_SAME_ORIGIN: undefined,
      },
      'http://127.0.0.1:3000',
    );
    expect(result).toEqual({
      ok: true,
      env: { apiUrl: 'http://127.0.0.1:3000', errorReportingDsn: 'https://key@o1.ingest.sentry.io/42' },
    });
  });

  it('still requires both addresses to be valid when the app follows the page', () => {
    const result = parseEnv(
      { ...servedByCairn, VITE_API_URL: undefined, VITE_ERROR_REPORTING_DSN: 'not a url' },
      pageOrigin,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.name)).toEqual([
      'VITE_API_URL',
      'VITE_ERROR_REPORTING_DSN',
    ]);
  });

  it('names a same-origin flag that is neither true nor false', () => {
    const result = parseEnv({ ...servedByCairn, VITE_API_SAME_ORIGIN: 'yes' }, pageOrigin);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => [problem.name, problem.received])).toEqual([
      ['VITE_API_SAME_ORIGIN', 'yes'],
    ]);
  });

  it('names every missing or malformed setting with what it expects', () => {
    const result = parseEnv(
      { VITE_API_URL: 'localhost:3000', VITE_ERROR_REPORTING_DSN: undefined },
      pageOrigin,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => [problem.name, problem.received])).toEqual([
      ['VITE_API_URL', 'localhost:3000'],
      ['VITE_ERROR_REPORTING_DSN', undefined],
    ]);
    expect(result.problems[0]?.expected).toContain('absolute http(s) URL');
  });

  it.each(['ftp://files.example.com', 'not a url', '/relative', 'http://'])(
    'refuses %s as the API address',
    (value) => {
      expect(
        parseEnv(
          { VITE_API_URL: value, VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost:3000/1' },
          pageOrigin,
        ).ok,
      ).toBe(false);
    },
  );
});
