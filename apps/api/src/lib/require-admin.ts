import { getUserRow } from '../modules/users/users.service';
import type { AppContext } from './app-context';
import { AppError } from './app-error';

/** Admin-only routes answer 403 to every other signed-in user (they know the route exists; it is no secret). */
export async function requireAdmin(ctx: AppContext, options: { userId: string }): Promise<void> {
  const user = await getUserRow(ctx, options);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only an administrator can do this');
}
