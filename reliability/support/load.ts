// People using every area of the app at once: the reads the screens make and the writes of the write
// catalogue (writes.ts), each answer kept as a sample for the scenario to judge.
import { prepareWriter, runRandomWrite, type Writer, writerRequest } from './writes';

/** A writer of the catalogue, plus what the screens read: a board's tasks, a chart, searchable notes. */
export interface LoadUser {
  writer: Writer;
  listId: string;
  taskIds: string[];
  chartId: string;
}

export interface LoadSample {
  operation: string;
  kind: 'read' | 'write';
  startedAt: number;
  finishedAt: number;
  /** 0 when the connection dropped or timed out without an answer. */
  status: number;
  /** The error code of a refused request, as the error shape names it. */
  code?: string | undefined;
  /** Whether a refused request's body was the one error shape, `{ error, code }`. */
  isErrorShape?: boolean | undefined;
}

export interface ReadOperation {
  name: string;
  /** How often, relative to the other reads, a user makes this one. */
  weight: number;
  path(user: LoadUser): string;
}

/** A word some of every user's notes contain, so a search has hits to rank. */
const SEARCH_WORD = 'harbour';

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function create(writer: Writer, path: string, body: unknown): Promise<string> {
  const response = await writerRequest<{ id?: string }>(writer, { method: 'POST', path, body });
  const id = response.body?.id;
  if (response.status !== 201 || typeof id !== 'string') {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return id;
}

/** A writer of the catalogue with a few tasks on a board, notes to search and a chart of their tracker. */
export async function prepareLoadUser(baseUrl: string, prefix: string): Promise<LoadUser> {
  const writer = await prepareWriter(baseUrl, { prefix });
  const listId = writer.listIds[0] as string;
  const taskIds: string[] = [];
  for (const title of ['Book the dentist', 'Renew the passport', 'Fix the bike']) {
    taskIds.push(await create(writer, '/api/v1/tasks', { title, listId }));
  }
  for (const title of ['Trip ideas', 'Reading list']) {
    await create(writer, '/api/v1/notes', {
      title,
      content: `${title}: a walk by the ${SEARCH_WORD}, then lunch.`,
    });
  }
  for (const value of ['71.2', '70.9']) {
    await create(writer, '/api/v1/tracker-logs', { trackerId: writer.trackerId, value });
  }
  const chartId = await create(writer, '/api/v1/tracker-dashboard', {
    name: 'Weight',
    chartType: 'timeSeries',
    config: { trackerIds: [writer.trackerId], timeRange: '30d', aggregation: 'none', colorScheme: 'default' },
  });
  return { writer, listId, taskIds, chartId };
}

/** Prepares `count` users a few at a time (sign-ups hash passwords: all at once would only queue). */
export async function prepareLoadUsers(baseUrl: string, prefix: string, count: number): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < count; index = next++)
      users[index] = await prepareLoadUser(baseUrl, prefix);
  };
  await Promise.all(Array.from({ length: Math.min(4, count) }, lane));
  return users;
}

/** The reads the screens make when people look at their things, weighted by how often they do. */
export const screenReads: ReadOperation[] = [
  {
    name: 'kanban board',
    weight: 12,
    path: (user) =>
      `/api/v1/tasks/groups?listId=${user.listId}&status=all&sort=position&groupBy=column&limit=50`,
  },
  { name: 'lists with counts', weight: 8, path: () => '/api/v1/lists' },
  { name: 'smart-view counts', weight: 8, path: () => '/api/v1/smart-views' },
  {
    name: 'classic list',
    weight: 8,
    path: (user) => `/api/v1/tasks?listId=${user.listId}&status=open&sort=dueDate&order=asc`,
  },
  { name: 'task page', weight: 6, path: (user) => `/api/v1/tasks/${pick(user.taskIds)}` },
  { name: 'notes search', weight: 6, path: () => `/api/v1/notes?q=${SEARCH_WORD}` },
  { name: 'money balances', weight: 6, path: () => '/api/v1/money/balances' },
  {
    name: 'money monthly report',
    weight: 4,
    path: () => `/api/v1/money/reports/monthly?from=${yearAgo()}&to=${today()}`,
  },
  {
    name: 'dashboard chart data',
    weight: 6,
    path: (user) => `/api/v1/tracker-dashboard/${user.chartId}/data`,
  },
  {
    name: 'work-log report',
    weight: 4,
    path: () => `/api/v1/worklogs/reports?from=${yearAgo()}&to=${today()}`,
  },
];

function chooseRead(reads: readonly ReadOperation[], totalWeight: number): ReadOperation {
  let roll = Math.random() * totalWeight;
  for (const read of reads) {
    roll -= read.weight;
    if (roll < 0) return read;
  }
  return reads.at(-1) as ReadOperation;
}

export interface LoadOptions {
  users: LoadUser[];
  /** The share of requests that are writes (the rest are reads), between 0 and 1. */
  writeShare: number;
  /** Each user waits between this and twice this between two requests, as a person between clicks. */
  thinkTimeMs: number;
  /** Per read; an answer later than this counts as dropped. */
  timeoutMs?: number;
  onSample(sample: LoadSample): void;
}

export interface RunningLoad {
  /** Stops every user after their request in flight and resolves once all have stopped. */
  stop(): Promise<void>;
}

async function read(
  user: LoadUser,
  operation: ReadOperation,
  timeoutMs: number,
): Promise<Omit<LoadSample, 'startedAt' | 'finishedAt'>> {
  const base = { operation: operation.name, kind: 'read' as const };
  try {
    const response = await writerRequest<{ error?: unknown; code?: unknown }>(user.writer, {
      method: 'GET',
      path: operation.path(user),
      timeoutMs,
    });
    if (response.status < 400) return { ...base, status: response.status };
    const body = response.body;
    return {
      ...base,
      status: response.status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      isErrorShape: typeof body?.error === 'string' && typeof body?.code === 'string',
    };
  } catch {
    return { ...base, status: 0 };
  }
}

async function write(user: LoadUser): Promise<Omit<LoadSample, 'startedAt' | 'finishedAt'>> {
  const outcome = await runRandomWrite(user.writer).catch(() => undefined);
  if (!outcome) return { operation: 'write', kind: 'write', status: 0 };
  const status = outcome.status ?? 0;
  return {
    operation: `write: ${outcome.kind}`,
    kind: 'write',
    status,
    // The catalogue keeps an error answer's code only when the body carried one, and why a request
    // got no answer at all.
    ...(status >= 400 || status === 0
      ? { code: outcome.error, isErrorShape: outcome.error !== undefined }
      : {}),
  };
}

/** Starts one loop per user; each reads or writes, waits a moment, and goes again until stopped. */
export function startLoad(options: LoadOptions): RunningLoad {
  const totalWeight = screenReads.reduce((sum, operation) => sum + operation.weight, 0);
  let isStopped = false;
  const runUser = async (user: LoadUser) => {
    // Users start spread over one think time, not all in the same millisecond.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * options.thinkTimeMs));
    while (!isStopped) {
      const startedAt = Date.now();
      const sample =
        Math.random() < options.writeShare
          ? await write(user)
          : await read(user, chooseRead(screenReads, totalWeight), options.timeoutMs ?? 30_000);
      options.onSample({ ...sample, startedAt, finishedAt: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, options.thinkTimeMs * (1 + Math.random())));
    }
  };
  const loops = options.users.map(runUser);
  return {
    async stop() {
      isStopped = true;
      await Promise.all(loops);
    },
  };
}
