import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInstanceAdmin } from './support/admin';
import {
  misconfiguredBuild,
  paths,
  type ServerName,
  sameOriginBuild,
  servers,
  serverUrl,
  smtpPort,
} from './support/environment';
import { startMailbox } from './support/mailbox';
import { run, start, stop, waitForUrl } from './support/processes';

const viteBin = path.join(paths.repoRoot, 'node_modules', '.bin', 'vite');

async function buildWeb(name: string, settings: Record<string, string>): Promise<void> {
  // Build settings must come only from here, never from the developer's shell.
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VITE_')) delete env[name];
  const options = {
    cwd: paths.webApp,
    env: { ...env, ...settings },
    logFile: path.join(paths.tmp, `build-${name}.log`),
  };
  await run(
    viteBin,
    ['build', '--outDir', paths.webBuild(name), '--emptyOutDir', '--logLevel', 'warn'],
    options,
  );
  // As `npm run build` does: the brotli and gzip copies the server sends.
  await run(process.execPath, ['scripts/precompress.mjs', paths.webBuild(name)], {
    ...options,
    logFile: path.join(paths.tmp, `precompress-${name}.log`),
  });
}

async function startServer(options: {
  name: ServerName;
  dataDir: string;
  env: Record<string, string>;
  children: ChildProcess[];
}) {
  const { name, dataDir } = options;
  const logFile = path.join(paths.tmp, `server-${name}.log`);
  const child = start('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: paths.repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(servers[name].port),
      DATA_DIR: dataDir,
      PUBLIC_URL: serverUrl(name),
      WEB_DIST_DIR: paths.webBuild(sameOriginBuild.name),
      AUTH_RATE_LIMIT_MAX: '10000',
      // push.spec.ts points subscriptions at a push receiver on 127.0.0.1 over plain http.
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    logFile,
  });
  options.children.push(child);
  try {
    // Generous: on a busy machine two servers booting side by side take a while.
    await waitForUrl(`${serverUrl(name)}/api/health`, child, 180_000);
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    throw new Error(`${error instanceof Error ? error.message : error}\n${log.slice(-4000)}`);
  }
}

/** Builds the web app (once, as npm start does), starts the SMTP listener and both API servers. */
export default async function globalSetup() {
  await rm(paths.tmp, { recursive: true, force: true });
  await mkdir(paths.tmp, { recursive: true });

  // The first build also regenerates the route tree, so the builds run one after the other.
  await buildWeb(sameOriginBuild.name, sameOriginBuild.env);
  await buildWeb(misconfiguredBuild.name, misconfiguredBuild.env);

  const mailbox = await startMailbox(smtpPort);
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'cairn-e2e-'));
  const children: ChildProcess[] = [];
  const teardown = async () => {
    await Promise.all(children.map((child) => stop(child)));
    await mailbox.close();
    await rm(dataRoot, { recursive: true, force: true });
    // The builds are large and rebuilt every run; the server logs and mail stay for a look.
    await Promise.all(
      [sameOriginBuild.name, misconfiguredBuild.name].map((name) =>
        rm(paths.webBuild(name), { recursive: true, force: true }),
      ),
    );
  };

  try {
    await Promise.all([
      startServer({ name: 'main', dataDir: path.join(dataRoot, 'main'), env: {}, children }),
      startServer({
        name: 'strict',
        dataDir: path.join(dataRoot, 'strict'),
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          ACCESS_TOKEN_TTL_SECONDS: String(servers.strict.accessTokenTtlSeconds),
        },
        children,
      }),
    ]);
    // Before any spec signs up, so the main server's administrator is known (support/admin.ts).
    await createInstanceAdmin('main');
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
