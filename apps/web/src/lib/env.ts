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

// Plain checks rather than a schema library: this runs on every page, the login page included.
const HOSTNAME =
  /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;

/** The value when it is an absolute http(s) URL with a proper host name. */
function readHttpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
  return isHttp && HOSTNAME.test(url.hostname) ? value : undefined;
}

/** An empty value counts as not set (false), as in most .env files; undefined means malformed. */
function readFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : undefined;
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
  const apiUrl = readHttpUrl(source.VITE_API_URL);
  const dsn = readHttpUrl(source.VITE_ERROR_REPORTING_DSN);
  const isApiSameOrigin = readFlag(source.VITE_API_SAME_ORIGIN);
  const isErrorReportingSameOrigin = readFlag(source.VITE_ERROR_REPORTING_SAME_ORIGIN);
  const invalid: Record<EnvSettingName, boolean> = {
    VITE_API_URL: apiUrl === undefined,
    VITE_ERROR_REPORTING_DSN: dsn === undefined,
    VITE_API_SAME_ORIGIN: isApiSameOrigin === undefined,
    VITE_ERROR_REPORTING_SAME_ORIGIN: isErrorReportingSameOrigin === undefined,
  };
  if (
    apiUrl === undefined ||
    dsn === undefined ||
    isApiSameOrigin === undefined ||
    isErrorReportingSameOrigin === undefined
  ) {
    const names = (Object.keys(envSettings) as EnvSettingName[]).filter((name) => invalid[name]);
    return {
      ok: false,
      problems: names.map((name) => ({ name, ...envSettings[name], received: source[name] || undefined })),
    };
  }
  const origin = new URL(pageOrigin);
  return {
    ok: true,
    env: {
      apiUrl: isApiSameOrigin ? origin.origin : apiUrl.replace(/\/+$/, ''),
      errorReportingDsn: isErrorReportingSameOrigin ? onOrigin(dsn, origin) : dsn,
    },
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
