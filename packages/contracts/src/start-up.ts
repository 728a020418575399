import { z } from 'zod';
import { listSummariesSchema } from './lists';
import { taskManagerConfigSchema } from './task-manager-config';
import { smartViewCountsSchema } from './tasks';
import { userSchema } from './users';
import { worklogTimerStateSchema } from './worklogs';

/**
 * GET /api/v1/start-up: what every signed-in screen's frame shows, in one answer. Each part is exactly
 * what its own read answers (GET /users/me, /task-manager-config, /smart-views, /lists, /worklogs/timer),
 * so a client can keep each part under that read's cache entry and refresh it from there.
 */
export const startUpSchema = z.object({
  user: userSchema,
  taskManagerConfig: taskManagerConfigSchema,
  smartViewCounts: smartViewCountsSchema,
  lists: listSummariesSchema,
  worklogTimer: worklogTimerStateSchema,
});
export type StartUp = z.infer<typeof startUpSchema>;
