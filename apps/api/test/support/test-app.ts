import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import webPush from 'web-push';
import { buildApp } from '../../src/app';
import { type Config, parseConfig } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import type { Mailer } from '../../src/lib/mailer';
import { attachmentsDir } from '../../src/lib/storage/local-disk-storage';
import { createDiskStorage } from '../../src/modules/attachments/storage/disk-storage';
import type { AttachmentStorage } from '../../src/modules/attachments/storage/storage';
import { createTestClock } from './test-clock';
import { createTestDatabase } from './test-database';

/** Configured push keys, so no test app writes a generated pair into a data directory. */
const testVapidKeys = webPush.generateVAPIDKeys();

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createTestClock>;
  config: Config;
  /** Where the app keeps attachment files. */
  storage: AttachmentStorage;
  /** The folder of the disk storage (a fresh temporary one), or undefined on S3. */
  attachmentsRoot: string | undefined;
  /** inject() with JSON in and out, optionally as a signed-in user. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** The real app on a fresh database of the driver under test; only the clock is fake. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    database?: Database;
    /** Pino options, for a test that reads what the server logs. */
    logger?: object;
    /** Keeps attachments on this S3-compatible server (test/support/s3-server.ts), not in a temporary folder. */
    s3?: { env: Record<string, string> };
  } = {},
): Promise<TestApp> {
  const config = parseConfig({
    DATA_DIR: '/nonexistent-cairn-test-dir',
    PUBLIC_URL: 'http://localhost:5173',
    AUTH_RATE_LIMIT_MAX: '10000',
    WEB_DIST_DIR: '/nonexistent-cairn-web-dist',
    VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
    VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    ...options.env,
    ...options.s3?.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = createTestClock();
  // Uploads go to a folder of this app's own, never to DATA_DIR (which tests never write to).
  const storageDir = options.s3 ? undefined : await mkdtemp(path.join(os.tmpdir(), 'cairn-test-files-'));
  const app = await buildApp({
    config,
    database,
    clock,
    storage: storageDir ? createDiskStorage(storageDir) : undefined,
    mailer: options.mailer,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logger: options.logger ?? false,
    checkResponseContracts: true,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    storage: app.ctx.storage,
    attachmentsRoot: storageDir ? attachmentsDir(storageDir) : undefined,
    request({ token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await database.close();
      if (storageDir) await rm(storageDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A user who signed up through the API, with their tokens. */
export async function signUp(
  testApp: TestApp,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
) {
  counter += 1;
  const suffix = `${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const credentials = {
    username: `user${suffix}`,
    email: `user${suffix}@example.com`,
    password: 'Correct-Horse1',
    ...overrides,
  };
  const response = await testApp.request({ method: 'POST', url: '/auth/signup', payload: credentials });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return {
    ...credentials,
    accessToken: body.accessToken?.token as string,
    refreshToken: body.refreshToken?.token as string,
    body,
  };
}

/**
 * The real app on the given database, not yet ready, so a test can add a route first; with
 * `logLines`, it writes its log there as the server writes it to stdout. The caller readies and closes it.
 */
export function buildTestApp(options: {
  database: Database;
  env?: Record<string, string>;
  logLines?: string[];
}) {
  const { logLines } = options;
  return buildApp({
    config: parseConfig({
      DATA_DIR: '/nonexistent-cairn-test-dir',
      WEB_DIST_DIR: '/nonexistent-cairn-web-dist',
      VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
      VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
      ...options.env,
    }),
    database: options.database,
    clock: createTestClock(),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logger: logLines ? { level: 'info', stream: { write: (line: string) => logLines.push(line) } } : false,
  });
}
