import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('accepts two absolute URLs and drops a trailing slash from the API address', () => {
    expect(
      parseEnv({
        VITE_API_URL: 'https://cairn.example.com/',
        VITE_ERROR_REPORTING_DSN: 'https://key@cairn.example.com/1',
      }),
    ).toEqual({
      ok: true,
      env: { apiUrl: 'https://cairn.example.com', errorReportingDsn: 'https://key@cairn.example.com/1' },
    });
  });

  it('names every missing or malformed setting with what it expects', () => {
    const result = parseEnv({ VITE_API_URL: 'localhost:3000', VITE_ERROR_REPORTING_DSN: undefined });
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
        parseEnv({ VITE_API_URL: value, VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost:3000/1' }).ok,
      ).toBe(false);
    },
  );
});
