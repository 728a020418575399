import { z } from 'zod';

/** Build settings, each explaining what it expects when wrong. The two addresses are always required. */
export const envSettings = {
  VITE_API_URL: {
    description: 'the base address of the Cairn API',
    expected: 'an absolute http(s) URL, for example https://cairn.example.com',
  },
  VITE_ERROR_REPORTING_DSN: {
    description: 'the error-reporting address (a Sentry-style DSN)',
    expected: 'an absolute http(s) URL, for example https://public-key@cairn.example.com/1',
  },
  VITE_API_SAME_ORIGIN: {
    description: 'whether the API is on the address the app is opened from, instead of VITE_API_URL',
    expected: '"true", "false" or nothing',
  },
  VITE_ERROR_REPORTING_SAME_ORIGIN: {
    description: "whether error reports go to the address the app is opened from, instead of the DSN's host",
    expected: '"true", "false" or nothing',
  },
} as const;

export type EnvSettingName = keyof typeof envSettings;

const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname });

// An empty value counts as not set, as in most .env files.
const flagSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
);

const envSchema = z.object({
  VITE_API_URL: httpUrlSchema.transform((value) => value.replace(/\/+$/, '')),
  VITE_ERROR_REPORTING_DSN: httpUrlSchema,
  VITE_API_SAME_ORIGIN: flagSchema,
  VITE_ERROR_REPORTING_SAME_ORIGIN: flagSchema,
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

/** The DSN with its scheme, host and port swapped for the page's; the key and project stay. */
function onOrigin(dsn: string, origin: URL): string {
  const url = new URL(dsn);
  url.protocol = origin.protocol;
  url.host = origin.host;
  return url.toString();
}

/**
 * Validates the build settings. A build served by Cairn's own server sets the same-origin flags, so
 * the app reaches the API (and the error inbox) on whatever address it was opened from: localhost,
 * 127.0.0.1, a LAN name or a reverse proxy. The URLs are then placeholders, still validated.
 */
export function parseEnv(
  source: Partial<Record<EnvSettingName, string | undefined>>,
  pageOrigin: string,
): EnvResult {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const settings = result.data;
    const origin = new URL(pageOrigin);
    return {
      ok: true,
      env: {
        apiUrl: settings.VITE_API_SAME_ORIGIN ? origin.origin : settings.VITE_API_URL,
        errorReportingDsn: settings.VITE_ERROR_REPORTING_SAME_ORIGIN
          ? onOrigin(settings.VITE_ERROR_REPORTING_DSN, origin)
          : settings.VITE_ERROR_REPORTING_DSN,
      },
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
  cached ??= parseEnv(
    {
      VITE_API_URL: import.meta.env.VITE_API_URL,
      VITE_ERROR_REPORTING_DSN: import.meta.env.VITE_ERROR_REPORTING_DSN,
      VITE_API_SAME_ORIGIN: import.meta.env.VITE_API_SAME_ORIGIN,
      VITE_ERROR_REPORTING_SAME_ORIGIN: import.meta.env.VITE_ERROR_REPORTING_SAME_ORIGIN,
    },
    window.location.origin,
  );
  return cached;
}

/** For code that runs only after start-up succeeded. */
export function getEnv(): Env {
  const result = readEnv();
  if (!result.ok) throw new Error(`Invalid build settings: ${result.problems.map((p) => p.name).join(', ')}`);
  return result.env;
}
