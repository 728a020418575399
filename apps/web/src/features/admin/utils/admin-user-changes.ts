import type { AdminUser, AdminUserPage, UpdateAdminUserBody } from '@cairn/contracts/admin';
import { planLabels } from '@cairn/contracts/plans';
import type { InfiniteData } from '@tanstack/react-query';

/** The user as the change will leave them: shown at once, before the server answers. */
export function applyAdminUserChange(user: AdminUser, body: UpdateAdminUserBody, now: Date): AdminUser {
  const next = { ...user };
  if (body.plan !== undefined) next.plan = body.plan;
  if (body.isAdmin !== undefined) next.isAdmin = body.isAdmin;
  // A user disabled earlier keeps the time it happened.
  if (body.isDisabled !== undefined) next.disabledAt = body.isDisabled ? (user.disabledAt ?? now) : null;
  return next;
}

/** One cached listing with one user replaced; the same object when the user is not in it. */
export function replaceAdminUser(
  data: InfiniteData<AdminUserPage, string | null> | undefined,
  userId: string,
  replace: (user: AdminUser) => AdminUser,
): InfiniteData<AdminUserPage, string | null> | undefined {
  if (!data?.pages.some((page) => page.items.some((user) => user.id === userId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((user) => (user.id === userId ? replace(user) : user)),
    })),
  };
}

/** What the change does, in words: "make alice an admin". The failure toast starts "Could not …". */
export function describeAdminUserChange(username: string, body: UpdateAdminUserBody): string {
  const parts: string[] = [];
  if (body.plan !== undefined) parts.push(`move ${username} to the ${planLabels[body.plan]} plan`);
  if (body.isAdmin !== undefined)
    parts.push(body.isAdmin ? `make ${username} an admin` : `remove ${username}'s admin rights`);
  if (body.isDisabled !== undefined) parts.push(`${body.isDisabled ? 'disable' : 'enable'} ${username}`);
  return parts.join(' and ');
}
