import { getUserRow } from '../modules/users/users.service';
import type { AppContext } from './app-context';
import { AppError } from './app-error';

/**
 * Admin-only routes do not exist for anyone else: a non-admin gets exactly what a missing route
 * answers (the not-found handler's 404), so the admin area is not even revealed. Run it as the
 * route's onRequest hook, before any validation could tell the route apart from a missing one.
 */
export async function requireAdmin(
  ctx: AppContext,
  options: { userId: string; method: string; url: string },
): Promise<void> {
  const user = await getUserRow(ctx, options).catch(() => undefined);
  if (!user?.isAdmin) {
    throw new AppError('NOT_FOUND', `${options.method} ${options.url.split('?')[0]} not found`);
  }
}

/** The same check as a route hook: `onRequest: adminOnly(app)`. */
export function adminOnly(app: { ctx: AppContext }) {
  return (request: { auth: { userId: string }; method: string; url: string }) =>
    requireAdmin(app.ctx, { userId: request.auth.userId, method: request.method, url: request.url });
}
