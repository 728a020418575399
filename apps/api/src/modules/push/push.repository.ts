import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from './push.table';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Adds a device, or updates the row its endpoint already has: an endpoint is one browser profile, so
 * subscribing it again (even as another user of a shared browser) moves it rather than duplicating it.
 */
export async function upsertPushSubscription(
  db: Db,
  values: {
    userId: string;
    endpoint: string;
    p256dhKey: string;
    authKey: string;
    userAgent: string | null;
    now: Date;
  },
): Promise<PushSubscriptionRow & { isNew: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: values.userId,
      endpoint: values.endpoint,
      p256dhKey: values.p256dhKey,
      authKey: values.authKey,
      userAgent: values.userAgent,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dhKey: values.p256dhKey,
        authKey: values.authKey,
        userAgent: values.userAgent,
        isActive: true,
        failureCount: 0,
        updatedAt: values.now,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ ...getTableColumns(pushSubscriptions), isNew: sql<boolean>`(xmax = 0)` });
  return row as PushSubscriptionRow & { isNew: boolean };
}

/** Whether the user already has this endpoint (as a device, active or not). */
export async function hasPushEndpoint(
  db: Db,
  options: { userId: string; endpoint: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.endpoint, options.endpoint)),
    );
  return rows.length > 0;
}

export function findPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function findPushSubscription(
  db: Db,
  options: { userId: string; subscriptionId: string },
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.id, options.subscriptionId)),
    );
  return row;
}

export function findActivePushSubscriptions(db: Db, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), eq(pushSubscriptions.isActive, true)));
}

/** The users with at least one device that still takes notifications: whom the reminder sweep serves. */
export async function findUsersWithActivePush(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.isActive, true));
  return rows.map((row) => row.userId);
}

export async function deletePushSubscription(
  db: Db,
  options: { userId: string; subscriptionId: string },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.id, options.subscriptionId)),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** What a send attempt taught about the device. */
export async function recordPushOutcome(
  db: Db,
  options: { userId: string; subscriptionId: string; now: Date; outcome: 'delivered' | 'gone' | 'failed' },
): Promise<void> {
  const changes =
    options.outcome === 'delivered'
      ? { lastSuccessAt: options.now, failureCount: 0 }
      : options.outcome === 'gone'
        ? { isActive: false, failureCount: sql`${pushSubscriptions.failureCount} + 1` }
        : { failureCount: sql`${pushSubscriptions.failureCount} + 1` };
  await db
    .update(pushSubscriptions)
    .set({ ...changes, updatedAt: options.now })
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.id, options.subscriptionId)),
    );
}
