import type { StartUp } from '@cairn/contracts/start-up';
import type {
  QueryClient,
  QueryFunction,
  QueryFunctionContext,
  QueryKey,
  QueryMeta,
  SkipToken,
} from '@tanstack/react-query';
import { taskManagerConfigQueryOptions } from '../features/tasks/api/get-task-manager-config';
import { listsQueryOptions } from '../features/tasks/api/lists/get-lists';
import { smartViewCountsQueryOptions } from '../features/tasks/api/smart-views/get-smart-view-counts';
import { worklogTimerQueryOptions } from '../features/worklogs/api/get-worklog-timer';
import { apiRequest } from '../lib/api-client';
import { currentUserQueryOptions } from '../lib/current-user';

export function getStartUp({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the contract would bring its schema library to every page (the login page too).
  const schema = import('@cairn/contracts/start-up').then((contract) => contract.startUpSchema);
  // As users/me, which it stands in for: a 401 or 403 here means the session is gone (spec section 8).
  return apiRequest('/api/v1/start-up', { schema, endsSessionOnAuthFailure: true, signal });
}

/** Queries seeded on this page, per client; a cleared cache (a session that ended) starts again. */
const seededClients = new WeakSet<QueryClient>();

/**
 * What every signed-in screen shows around its content (the user, the task settings, the smart-view
 * counts, the lists, the running timer) in one request instead of five. Each part goes under the key
 * its own query reads, in the shape its own endpoint answers, so the components, their `select`s and
 * their invalidations work as before: a part fetched again later comes from its own endpoint.
 *
 * Called at the start of the layout's loader, before the screens' loaders run, so a screen's loader
 * asking for one of these joins the request in flight instead of sending its own. Runs once a page
 * (replacing data restored from the offline copy), and again only when one of the parts is missing.
 */
export function seedStartUp(queryClient: QueryClient): void {
  const user = currentUserQueryOptions();
  const config = taskManagerConfigQueryOptions();
  const counts = smartViewCountsQueryOptions();
  const lists = listsQueryOptions();
  const timer = worklogTimerQueryOptions();
  const isMissingOne = [user, config, counts, lists, timer].some(
    ({ queryKey }) => queryClient.getQueryData(queryKey) === undefined,
  );
  if (seededClients.has(queryClient) && !isMissingOne) return;
  seededClients.add(queryClient);

  // Sent by the first part that fetches, so nothing goes out while the queries are paused offline. Not
  // cancelled with any one part (a change to tasks cancels the counts' fetch): the others wait on it.
  let shared: Promise<StartUp> | undefined;
  const startUp = () => (shared ??= getStartUp());
  const seed = <Data, Key extends QueryKey>(
    options: { queryKey: Key; queryFn?: QueryFunction<Data, Key> | SkipToken; meta?: QueryMeta | undefined },
    part: (answer: StartUp) => Data,
  ) => {
    const { queryKey, queryFn: ownFetch, meta } = options;
    if (typeof ownFetch !== 'function') return;
    let isStartUpUsed = false;
    void queryClient.prefetchQuery({
      queryKey,
      meta,
      // A retry, and every later refetch under this key, asks the part's own endpoint.
      queryFn: (context: QueryFunctionContext<Key>) => {
        if (isStartUpUsed) return ownFetch(context);
        isStartUpUsed = true;
        return startUp().then(part);
      },
      // Restored from the offline copy or not, every part is replaced by this page's answer.
      staleTime: 0,
    });
  };
  seed(user, (answer) => answer.user);
  seed(config, (answer) => answer.taskManagerConfig);
  seed(counts, (answer) => answer.smartViewCounts);
  seed(lists, (answer) => answer.lists);
  seed(timer, (answer) => answer.worklogTimer);
}
