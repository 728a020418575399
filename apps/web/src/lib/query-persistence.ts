import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { clear, createStore, get, set } from 'idb-keyval';
import { getAccessToken } from './auth-tokens';
import { toast } from './toasts';

/**
 * The last data seen on the task screens, kept in IndexedDB so they open offline. Each user's copy sits
 * under their own key (from the access token), so another account on the same browser never reads it,
 * and every copy is wiped when a session ends.
 */

/** Query roots worth keeping: the tasks area, and what its screens read around it. */
const PERSISTED_ROOTS: ReadonlySet<unknown> = new Set(['tasks', 'currentUser', 'taskManagerConfig']);
const isPersisted = (query: Query) => PERSISTED_ROOTS.has(query.queryKey[0]);
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 500;
/** How long a save may wait for an idle moment: a page kept busy still gets its copy. */
const SAVE_IDLE_TIMEOUT_MS = 3000;
/** Bumped when the shape of what is stored changes, so an old copy is ignored rather than misread. */
const FORMAT_VERSION = 1;

interface PersistedCache {
  version: typeof FORMAT_VERSION;
  userId: string;
  savedAt: number;
  queries: DehydratedState;
  /**
   * Changes made offline that had not reached the server. Their code lives in the screens' hooks and
   * cannot be rebuilt after a reload, so only their number is kept, to tell the user.
   */
  unsentChangeCount: number;
}

let store: ReturnType<typeof createStore> | undefined;
let active: { userId: string; stop: () => void } | undefined;

function getStore() {
  store ??= createStore('cairn-offline', 'query-cache');
  return store;
}

const storageKey = (userId: string) => `user:${userId}`;

/** The signed-in user's id from the access token's subject; the token need not be valid for that. */
export function readUserIdFromToken(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}

function countUnsentChanges(queryClient: QueryClient): number {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.isPaused).length;
}

type InfiniteData = { pages: unknown[]; pageParams: unknown[] };

function isInfiniteData(data: unknown): data is InfiniteData {
  if (typeof data !== 'object' || data === null) return false;
  const { pages, pageParams } = data as Partial<InfiniteData>;
  return Array.isArray(pages) && Array.isArray(pageParams);
}

/**
 * A list scrolled far holds every page it loaded; the copy keeps only the first, which is what a
 * screen opened offline shows first. Copying them all would hold the page still (IndexedDB clones
 * the whole value in one go) for a list of thousands, mid-scroll.
 */
export function keepFirstPages(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const { data } = query.state;
      if (!isInfiniteData(data) || data.pages.length <= 1) return query;
      return {
        ...query,
        state: {
          ...query.state,
          data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
        },
      };
    }),
  };
}

function snapshot(queryClient: QueryClient, userId: string): PersistedCache {
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersisted(query),
    shouldDehydrateMutation: () => false,
  });
  return {
    version: FORMAT_VERSION,
    userId,
    savedAt: Date.now(),
    queries: keepFirstPages(queries),
    unsentChangeCount: countUnsentChanges(queryClient),
  };
}

/** Runs `work` once the page has nothing better to do (a scroll, a click), or after `timeoutMs` at most. */
function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

function isUsable(value: unknown, userId: string): value is PersistedCache {
  if (typeof value !== 'object' || value === null) return false;
  const cache = value as Partial<PersistedCache>;
  return (
    cache.version === FORMAT_VERSION &&
    cache.userId === userId &&
    typeof cache.savedAt === 'number' &&
    Date.now() - cache.savedAt < MAX_AGE_MS
  );
}

/**
 * Restores the signed-in user's last data into the cache (newer data already there wins), then keeps the
 * stored copy up to date. Safe to call on every authenticated navigation: it starts once per user.
 */
export async function startQueryPersistence(queryClient: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const userId = readUserIdFromToken(getAccessToken());
  if (!userId || active?.userId === userId) return;
  active?.stop();

  const key = storageKey(userId);
  try {
    const persisted: unknown = await get(key, getStore());
    if (isUsable(persisted, userId)) {
      // Online, the server's data is newer than any copy (another tab or device may have changed it), and
      // a form filled from an old copy would not update: the copy is only for pages opened offline.
      if (!onlineManager.isOnline()) {
        hydrate(queryClient, persisted.queries);
        // Refetched as soon as the network is back, whatever their staleTime.
        await queryClient.invalidateQueries({ predicate: isPersisted, refetchType: 'none' });
      }
      if (persisted.unsentChangeCount > 0) warnAboutLostChanges(persisted.unsentChangeCount);
    }
  } catch (error) {
    console.warn('The offline copy of your data could not be read', error);
  }

  /** Cancels the save that is waiting, if one is. */
  let cancelSave: (() => void) | undefined;
  const save = () => {
    cancelSave = undefined;
    set(key, snapshot(queryClient, userId), getStore()).catch((error: unknown) => {
      console.warn('The offline copy of your data could not be saved', error);
    });
  };
  const scheduleSave = () => {
    if (cancelSave) return;
    let cancelIdle: (() => void) | undefined;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(save, SAVE_IDLE_TIMEOUT_MS);
    }, SAVE_DELAY_MS);
    cancelSave = () => {
      clearTimeout(timer);
      cancelIdle?.();
    };
  };
  const saveNow = () => {
    if (!cancelSave) return;
    cancelSave();
    save();
  };

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (!isPersisted(event.query)) return;
    if (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) {
      scheduleSave();
    }
  });
  // The number of unsent changes is kept too, so a reload can say that some were lost.
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(scheduleSave);
  const onHidden = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  document.addEventListener('visibilitychange', onHidden);
  // Whatever the cache already holds (loaded before this started) is worth keeping too.
  scheduleSave();

  active = {
    userId,
    stop: () => {
      cancelSave?.();
      cancelSave = undefined;
      unsubscribeQueries();
      unsubscribeMutations();
      document.removeEventListener('visibilitychange', onHidden);
      active = undefined;
    },
  };
}

/** Stops keeping data and deletes every user's copy: called whenever a session ends on this browser. */
export async function clearPersistedQueries(): Promise<void> {
  active?.stop();
  if (typeof indexedDB === 'undefined') return;
  try {
    await clear(getStore());
  } catch (error) {
    console.warn('The offline copy of your data could not be deleted', error);
  }
}

function warnAboutLostChanges(count: number): void {
  const changes = count === 1 ? '1 change' : `${count} changes`;
  toast.warning(`${changes} made while offline could not be sent before the page was reloaded`, {
    description: 'Please check your tasks and make them again.',
    duration: Number.POSITIVE_INFINITY,
  });
}
