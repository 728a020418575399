import type {
  AdminUser,
  AdminUserPage,
  AdminUsersQuery,
  ClientErrorReportPage,
  UpdateAdminUserBody,
} from '@cairn/contracts/admin';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { getStorageUsage } from '../attachments/attachments.service';
import { revokeAllUserSessions } from '../auth/auth.service';
import { listClientErrorReports } from '../client-errors/client-errors.service';
import { changeUserPlan } from '../plans/change-user-plan';
import * as users from '../users/users.service';
import { decodeAdminCursor, encodeAdminCursor } from './admin-cursor';

type UserRow = Awaited<ReturnType<typeof users.getUserRow>>;

async function toAdminUser(ctx: AppContext, row: UserRow): Promise<AdminUser> {
  const storage = await getStorageUsage(ctx, { userId: row.id });
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    plan: row.plan,
    verifiedAt: row.verifiedAt,
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
    storageBytes: storage.usedBytes,
  };
}

export async function listAdminUsers(ctx: AppContext, query: AdminUsersQuery): Promise<AdminUserPage> {
  const search = query.search?.trim() || undefined;
  const [rows, total] = await Promise.all([
    users.findUserPage(ctx, { search, after: decodeAdminCursor(query.cursor), limit: query.limit + 1 }),
    users.countUsers(ctx, { search }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await Promise.all(page.map((row) => toAdminUser(ctx, row))),
    nextCursor: rows.length > query.limit && last ? encodeAdminCursor([last.createdAtKey, last.id]) : null,
    total,
  };
}

export async function getAdminUser(ctx: AppContext, options: { userId: string }): Promise<AdminUser> {
  return toAdminUser(ctx, await users.getUserRow(ctx, options));
}

/**
 * Plan, role and access of an account, all or nothing. An administrator cannot take back their own
 * role or disable themselves, so the instance always keeps the administrator making the change.
 * Disabling revokes every session at once: the user's next request, with any token, is refused.
 */
export async function updateAdminUser(
  ctx: AppContext,
  options: { adminId: string; userId: string; changes: UpdateAdminUserBody },
): Promise<AdminUser> {
  const { changes, userId } = options;
  if (userId === options.adminId && (changes.isAdmin === false || changes.isDisabled === true)) {
    throw new AppError(
      'CONFLICT',
      changes.isAdmin === false
        ? 'You cannot remove your own administrator rights: the instance must keep an administrator. Make another account admin and ask them.'
        : 'You cannot disable your own account: the instance must keep an administrator.',
    );
  }
  await inTransaction(ctx, async (tx) => {
    const current = await users.getUserRow(tx, { userId });
    if (changes.plan !== undefined && changes.plan !== current.plan) {
      await changeUserPlan(tx, { userId, plan: changes.plan });
    }
    if (changes.isAdmin !== undefined && changes.isAdmin !== current.isAdmin) {
      await users.setUserAdmin(tx, { userId, isAdmin: changes.isAdmin });
    }
    if (changes.isDisabled === true && !current.disabledAt) {
      await users.setUserDisabledAt(tx, { userId, disabledAt: tx.clock.now() });
      await revokeAllUserSessions(tx, { userId });
    }
    if (changes.isDisabled === false && current.disabledAt) {
      await users.setUserDisabledAt(tx, { userId, disabledAt: null });
    }
  });
  return getAdminUser(ctx, { userId });
}

export async function listAdminClientErrors(
  ctx: AppContext,
  query: { cursor?: string | undefined; limit: number },
): Promise<ClientErrorReportPage> {
  const page = await listClientErrorReports(ctx, {
    after: decodeAdminCursor(query.cursor),
    limit: query.limit,
  });
  return {
    items: page.items,
    nextCursor: page.hasMore && page.lastKey ? encodeAdminCursor(page.lastKey) : null,
  };
}
