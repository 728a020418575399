import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { AttachmentStorage } from '../modules/attachments/storage/storage';
import type { Clock } from './clock';
import type { Mailer } from './mailer';

/** What services need from the outside world, passed explicitly so tests can swap the clock. */
export type AppContext = {
  db: Db;
  clock: Clock;
  config: Config;
  jwtSecret: Uint8Array;
  mailer: Mailer | undefined;
  /** Where attachment files live: the data directory, or an S3 bucket. */
  storage: AttachmentStorage;
};

/** The same context bound to a transaction, for work that must land all together or not at all. */
export function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}
