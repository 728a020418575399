import type { Health } from '@cairn/contracts/health';
import type { DatabaseDriver, Db } from '../../db/client';
import { APP_VERSION } from '../../lib/app-version';
import * as repository from './health.repository';

/** A monitor polling health wants an answer, not a hang, while the database is unreachable. */
export const HEALTH_CHECK_TIMEOUT_MS = 3000;

export type HealthReport = {
  health: Health;
  /** Why the database check failed, for the log; never sent to the client. */
  failure: unknown;
};

class HealthCheckTimeoutError extends Error {
  constructor() {
    super(`the database did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`);
    this.name = 'HealthCheckTimeoutError';
  }
}

async function checkDatabase(db: Db): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthCheckTimeoutError()), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([repository.pingDatabase(db), deadline]);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    clearTimeout(timer);
  }
}

export async function getHealth(options: { db: Db; driver: DatabaseDriver }): Promise<HealthReport> {
  const failure = await checkDatabase(options.db);
  const isDatabaseUp = failure === undefined;
  return {
    health: {
      status: isDatabaseUp ? 'ok' : 'degraded',
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      database: { status: isDatabaseUp ? 'ok' : 'unavailable', driver: options.driver },
    },
    failure,
  };
}
