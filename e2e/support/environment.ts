import path from 'node:path';

/** Everything the browser tests share between the setup process and the test workers. */
const e2eDir = path.resolve(import.meta.dirname, '..');

export const paths = {
  repoRoot: path.resolve(e2eDir, '..'),
  webApp: path.resolve(e2eDir, '../apps/web'),
  /** Ignored by git (`.tmp/`); rebuilt on every run. */
  tmp: path.join(e2eDir, '.tmp'),
  mail: path.join(e2eDir, '.tmp', 'mail'),
  webBuild: (name: string) => path.join(e2eDir, '.tmp', `web-${name}`),
};

function port(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const smtpPort = port('E2E_SMTP_PORT', 4325);

/**
 * Two API servers, each serving a web build made for its own address:
 * - main: no e-mail verification, default token lifetime; most tests run here.
 * - strict: e-mail verification through the test SMTP listener and a 5-second access token, for the
 *   verification flow and the token refresh.
 */
export const servers = {
  main: { name: 'main', port: port('E2E_MAIN_PORT', 4310) },
  strict: { name: 'strict', port: port('E2E_STRICT_PORT', 4311), accessTokenTtlSeconds: 5 },
} as const;

export type ServerName = keyof typeof servers;

export function serverUrl(name: ServerName): string {
  return `http://localhost:${servers[name].port}`;
}

/** A build whose settings are wrong on purpose, served by the tests themselves. */
export const misconfiguredBuild = {
  name: 'misconfigured',
  origin: 'http://misconfigured.cairn.test',
  env: { VITE_API_URL: 'not-a-url', VITE_ERROR_REPORTING_DSN: '' },
} as const;
