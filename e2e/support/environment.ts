import path from 'node:path';

/** Everything the browser tests share between the setup process and the test workers. */
const e2eDir = path.resolve(import.meta.dirname, '..');

/**
 * Each run gets its own ports and scratch folder, so two runs on one machine (two developers'
 * checkouts, or a run beside CI) never talk to each other's servers. The id is fixed in the
 * environment by the first process that loads this file; Playwright's workers inherit it.
 */
process.env.E2E_RUN_ID ??= String(process.pid);
const runId = Number(process.env.E2E_RUN_ID);
// Below Linux's ephemeral range (32768 and up), so an outgoing connection's local port never takes a
// server's port from under it.
const basePort = 20_000 + (runId % 1_200) * 10;

export const paths = {
  repoRoot: path.resolve(e2eDir, '..'),
  webApp: path.resolve(e2eDir, '../apps/web'),
  /** Ignored by git (`.tmp/`); rebuilt on every run. */
  tmp: path.join(e2eDir, '.tmp', `run-${runId}`),
  mail: path.join(e2eDir, '.tmp', `run-${runId}`, 'mail'),
  webBuild: (name: string) => path.join(e2eDir, '.tmp', `run-${runId}`, `web-${name}`),
  /** Screenshots, traces and console logs of failed tests. */
  results: path.join(e2eDir, 'test-results', `run-${runId}`),
};

function port(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const smtpPort = port('E2E_SMTP_PORT', basePort + 5);

/**
 * Two API servers, both serving the web build `npm start` makes, which calls the API on whatever
 * address it was opened from:
 * - main: no e-mail verification, default token lifetime; most tests run here.
 * - strict: e-mail verification through the test SMTP listener and a 5-second access token, for the
 *   verification flow and the token refresh.
 */
export const servers = {
  main: { name: 'main', port: port('E2E_MAIN_PORT', basePort) },
  strict: { name: 'strict', port: port('E2E_STRICT_PORT', basePort + 1), accessTokenTtlSeconds: 5 },
} as const;

export type ServerName = keyof typeof servers;

/**
 * The names the servers are reached by. The servers listen on localhost (IPv4 and IPv6); a page opened
 * on 127.0.0.1 is another origin, which the app must work from just the same.
 */
export const serverHosts = ['localhost', '127.0.0.1'] as const;

export type ServerHost = (typeof serverHosts)[number];

export function serverUrl(name: ServerName, host: ServerHost = 'localhost'): string {
  return `http://${host}:${servers[name].port}`;
}

/** The build settings `npm start` uses: the API and the error inbox on the page's own origin. */
export const sameOriginBuild = {
  name: 'app',
  env: {
    VITE_API_URL: 'http://localhost',
    VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost/1',
    VITE_API_SAME_ORIGIN: 'true',
    VITE_ERROR_REPORTING_SAME_ORIGIN: 'true',
  },
} as const;

/** A build whose settings are wrong on purpose, served by the tests themselves. */
export const misconfiguredBuild = {
  name: 'misconfigured',
  origin: 'http://misconfigured.cairn.test',
  env: { VITE_API_URL: 'not-a-url', VITE_ERROR_REPORTING_DSN: '' },
} as const;
