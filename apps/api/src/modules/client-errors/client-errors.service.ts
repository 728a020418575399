import { createHash } from 'node:crypto';
import type { ClientErrorReport } from '@cairn/contracts/admin';
import { idSchema } from '@cairn/contracts/common';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { getUserRow } from '../users/users.service';
import * as repository from './client-errors.repository';
import type { ClientErrorSummary } from './sentry-envelope';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** An address may fill the inbox this far and no further in any window: more is accepted, not stored. */
export const REPORTS_PER_SENDER = 30;
export const SENDER_WINDOW_MS = 10 * MINUTE_MS;
/** The inbox keeps the newest reports, and none older than this. */
export const KEEP_REPORTS = 5000;
export const KEEP_REPORTS_DAYS = 30;

/** The address is kept only as a hash: enough to count by, nothing to read. */
export function hashSender(address: string): string {
  return createHash('sha256').update(address).digest('hex');
}

/** A user id only when it is one and names a user who exists; anything an event claims otherwise is dropped. */
async function toKnownUserId(ctx: AppContext, claimed: string | undefined): Promise<string | null> {
  if (!claimed || !idSchema.safeParse(claimed).success) return null;
  return getUserRow(ctx, { userId: claimed }).then(
    (user) => user.id,
    () => null,
  );
}

/** Stores the events' summaries within the sender's limit; answers how many were stored. */
export async function storeClientErrorReports(
  ctx: AppContext,
  options: { senderAddress: string; events: ClientErrorSummary[] },
): Promise<number> {
  if (options.events.length === 0) return 0;
  const now = ctx.clock.now();
  const senderHash = hashSender(options.senderAddress);
  const events = options.events.slice(0, REPORTS_PER_SENDER);
  const reports = await Promise.all(
    events.map(async (event) => ({
      receivedAt: now,
      message: event.message ?? event.type,
      stack: event.stack ?? null,
      url: event.url ?? null,
      release: event.release ?? null,
      browser: event.browser ?? null,
      userId: await toKnownUserId(ctx, event.userId),
      senderHash,
    })),
  );
  return inTransaction(ctx, (tx) =>
    repository.insertWithinLimit(tx.db, {
      senderHash,
      reports,
      windowStart: new Date(now.getTime() - SENDER_WINDOW_MS),
      maxPerWindow: REPORTS_PER_SENDER,
      keepAfter: new Date(now.getTime() - KEEP_REPORTS_DAYS * DAY_MS),
      keepNewest: KEEP_REPORTS,
    }),
  );
}

/** Newest first, for administrators; `after` is the key of the last report of the page before. */
export async function listClientErrorReports(
  ctx: AppContext,
  options: { after: [string, string] | undefined; limit: number },
): Promise<{ items: ClientErrorReport[]; lastKey: [string, string] | undefined; hasMore: boolean }> {
  const rows = await repository.findReportPage(ctx.db, { after: options.after, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      receivedAt: row.receivedAt,
      message: row.message,
      stack: row.stack,
      url: row.url,
      release: row.release,
      browser: row.browser,
      userId: row.userId,
    })),
    lastKey: last ? [last.receivedAtKey, last.id] : undefined,
    hasMore: rows.length > options.limit,
  };
}
