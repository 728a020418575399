import { z } from 'zod';

/** Build settings the app cannot start without; each explains what it expects when wrong. */
export const envSettings = {
  VITE_API_URL: {
    description: 'the base address of the Cairn API',
    expected: 'an absolute http(s) URL, for example https://cairn.example.com',
  },
  VITE_ERROR_REPORTING_DSN: {
    description: 'the error-reporting address (a Sentry-style DSN)',
    expected: 'an absolute http(s) URL, for example https://public-key@cairn.example.com/1',
  },
} as const;

export type EnvSettingName = keyof typeof envSettings;

const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname });

const envSchema = z.object({
  VITE_API_URL: httpUrlSchema.transform((value) => value.replace(/\/+$/, '')),
  VITE_ERROR_REPORTING_DSN: httpUrlSchema,
});

export interface Env {
  apiUrl: string;
  errorReportingDsn: string;
}

export interface EnvProblem {
  name: EnvSettingName;
  description: string;
  expected: string;
  received: string | undefined;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: EnvProblem[] };

function isSettingName(name: PropertyKey | undefined): name is EnvSettingName {
  return typeof name === 'string' && name in envSettings;
}

export function parseEnv(source: Partial<Record<EnvSettingName, string | undefined>>): EnvResult {
  const result = envSchema.safeParse(source);
  if (result.success) {
    return {
      ok: true,
      env: { apiUrl: result.data.VITE_API_URL, errorReportingDsn: result.data.VITE_ERROR_REPORTING_DSN },
    };
  }
  const names = new Set(result.error.issues.map((issue) => issue.path[0]).filter(isSettingName));
  return {
    ok: false,
    problems: [...names].map((name) => ({ name, ...envSettings[name], received: source[name] || undefined })),
  };
}

let cached: EnvResult | undefined;

/** The build settings, validated once. */
export function readEnv(): EnvResult {
  cached ??= parseEnv({
    VITE_API_URL: import.meta.env.VITE_API_URL,
    VITE_ERROR_REPORTING_DSN: import.meta.env.VITE_ERROR_REPORTING_DSN,
  });
  return cached;
}

/** For code that runs only after start-up succeeded. */
export function getEnv(): Env {
  const result = readEnv();
  if (!result.ok) throw new Error(`Invalid build settings: ${result.problems.map((p) => p.name).join(', ')}`);
  return result.env;
}
