// The write catalogue: every write path a person's data goes through, each run over real HTTP and
// recorded as acknowledged (a 2xx: it must survive anything), rejected (a 4xx: it must not have
// happened) or in doubt (no answer or a 5xx: it may or may not have happened). check-writes.ts reads
// everything back and holds the server to that record.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type ApiResponse, type ApiUser, apiRequest, signUpUser } from './api-client';

export const writeKinds = [
  'task-create',
  'task-move-column',
  'task-move-list',
  'task-move-position',
  'recurring-complete',
  'transfer',
  'tracker-log',
  'worklog-entry',
  'note-save',
  'attachment-upload',
] as const;
export type WriteKind = (typeof writeKinds)[number];

export type WriteResult = 'acknowledged' | 'rejected' | 'in-doubt';

export interface WriteOutcome {
  kind: WriteKind;
  result: WriteResult;
  /** The HTTP status, when an answer came. */
  status?: number;
  /** The error code of an error answer, or the message of a dropped request. */
  error?: string;
  durationMs: number;
}

/** What was written to one record, as the API shows it afterwards. */
export type TaskState = { title: string; columnId: string; listId: string | null };
export type TransferState = { expenseId: string; incomeId: string; amount: string; note: string };
export type TrackerLogState = { value: string; note: string };
export type WorklogState = { description: string; duration: number };
export type NoteState = { content: string };
export type AttachmentState = { sha256: string; size: number; owner: AttachmentOwner };
export type AttachmentOwner = { noteId: string } | { taskId: string };

/**
 * One record's history: the last state the server acknowledged, and the states of later writes it
 * never answered, any of which it may hold instead.
 */
export interface Tracked<State> {
  acknowledged: State | undefined;
  inDoubt: State[];
}

/** A recurring task: every occurrence shares recurrenceId; exactly one is open at a time. */
export interface RecurringSeries {
  title: string;
  recurrenceId: string;
  /** The open occurrence, or undefined after a completion nobody answered (looked up again before use). */
  openId: string | undefined;
  /** Occurrences whose completion was acknowledged. */
  completedIds: string[];
}

export interface Writer {
  baseUrl: string;
  user: ApiUser;
  userId: string;
  /** Columns that do not complete what is dropped in them. */
  columnIds: string[];
  listIds: string[];
  currencyId: string;
  accountIds: [string, string];
  trackerId: string;
  projectId: string;
  noteIds: string[];
  series: RecurringSeries[];
  tasks: Map<string, Tracked<TaskState>>;
  transfers: Map<string, Tracked<TransferState>>;
  trackerLogs: Map<string, Tracked<TrackerLogState>>;
  worklogs: Map<string, Tracked<WorklogState>>;
  notes: Map<string, Tracked<NoteState>>;
  attachments: Map<string, Tracked<AttachmentState>>;
  /** Every note or task an upload was tried on, answered or not: where rows may be. */
  attachmentOwners: AttachmentOwner[];
  /** Records a write is under way on: one write at a time per record, so "last acknowledged" is exact. */
  busy: Set<string>;
  outcomes: WriteOutcome[];
}

export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('picked from an empty list');
  return item;
};

/** The user id is the access token's subject. */
function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const subject = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: unknown }).sub;
  if (typeof subject !== 'string') throw new Error('the access token names no user');
  return subject;
}

/** Signs in again, for scenarios that outlast an access token. */
async function renewToken(writer: Writer): Promise<void> {
  const response = await apiRequest<{ accessToken?: { token: string } }>(writer.baseUrl, {
    method: 'POST',
    path: '/auth/token',
    body: { username: writer.user.username, password: writer.user.password },
  });
  const token = response.body.accessToken?.token;
  if (response.status !== 200 || !token) throw new Error(`signing in answered ${response.status}`);
  writer.user.accessToken = token;
}

/** A request as the writer; an expired token is renewed once and the request sent again. */
export async function writerRequest<T = unknown>(
  writer: Writer,
  options: { method: string; path: string; body?: unknown; timeoutMs?: number },
): Promise<ApiResponse<T>> {
  const send = () => apiRequest<T>(writer.baseUrl, { ...options, token: writer.user.accessToken });
  const response = await send();
  if (response.status !== 401) return response;
  await renewToken(writer);
  return send();
}

async function expectStatus<T>(
  writer: Writer,
  options: { method: string; path: string; body?: unknown },
  status: number,
): Promise<T> {
  const response = await writerRequest<T>(writer, options);
  if (response.status !== status) {
    throw new Error(
      `${options.method} ${options.path} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return response.body;
}

/**
 * Signs a user up and creates what the writes need: two lists, two money accounts, a tracker, a
 * work-log project, notes and recurring tasks. Needs a healthy server.
 */
export async function prepareWriter(baseUrl: string, options: { prefix?: string } = {}): Promise<Writer> {
  const user = await signUpUser(baseUrl, options.prefix ?? 'writer');
  const writer: Writer = {
    baseUrl,
    user,
    userId: userIdOf(user.accessToken),
    columnIds: [],
    listIds: [],
    currencyId: '',
    accountIds: ['', ''],
    trackerId: '',
    projectId: '',
    noteIds: [],
    series: [],
    tasks: new Map(),
    transfers: new Map(),
    trackerLogs: new Map(),
    worklogs: new Map(),
    notes: new Map(),
    attachments: new Map(),
    attachmentOwners: [],
    busy: new Set(),
    outcomes: [],
  };
  const post = <T>(path: string, body: unknown) =>
    expectStatus<T>(writer, { method: 'POST', path, body }, 201);
  const get = <T>(path: string) => expectStatus<T>(writer, { method: 'GET', path }, 200);

  const columns = await get<{ items: { id: string; isCompletion: boolean }[] }>('/api/v1/columns');
  writer.columnIds = columns.items.filter((column) => !column.isCompletion).map((column) => column.id);
  for (const name of ['Home', 'Work']) {
    writer.listIds.push((await post<{ id: string }>('/api/v1/lists', { name })).id);
  }
  const currencies = await get<{ items: { id: string; code: string }[] }>('/api/v1/currencies');
  const euro = currencies.items.find((currency) => currency.code === 'EUR') ?? currencies.items[0];
  if (!euro) throw new Error('no currencies');
  writer.currencyId = euro.id;
  writer.accountIds = [
    (await post<{ id: string }>('/api/v1/money/accounts', { name: 'Checking' })).id,
    (await post<{ id: string }>('/api/v1/money/accounts', { name: 'Savings' })).id,
  ];
  writer.trackerId = (
    await post<{ id: string }>('/api/v1/trackers', { name: 'Weight', valueFormat: 'number' })
  ).id;
  writer.projectId = (await post<{ id: string }>('/api/v1/worklogs/projects', { name: 'Client work' })).id;
  for (let index = 0; index < 3; index++) {
    const content = `first draft ${index}`;
    const note = await post<{ id: string }>('/api/v1/notes', { title: `Journal ${index}`, content });
    writer.noteIds.push(note.id);
    writer.notes.set(note.id, { acknowledged: { content }, inDoubt: [] });
  }
  for (let index = 0; index < 2; index++) {
    const title = `Water the plants ${randomUUID().slice(0, 8)}`;
    const task = await post<{ id: string; recurrenceId: string }>('/api/v1/tasks', {
      title,
      rrule: 'FREQ=DAILY',
    });
    writer.series.push({ title, recurrenceId: task.recurrenceId, openId: task.id, completedIds: [] });
  }
  return writer;
}

/** A 2xx is acknowledged, a 4xx refused (nothing happened), anything else may or may not have happened. */
function classify(status: number): WriteResult {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status >= 400 && status < 500) return 'rejected';
  return 'in-doubt';
}

function track<State>(map: Map<string, Tracked<State>>, id: string): Tracked<State> {
  let tracked = map.get(id);
  if (!tracked) {
    tracked = { acknowledged: undefined, inDoubt: [] };
    map.set(id, tracked);
  }
  return tracked;
}

/**
 * Records a change to an existing record. Acknowledged, the record holds what the server answered (a
 * partial change lands on whatever an unanswered write left, so the answer is the truth); unanswered,
 * the change may have landed on any state the record may be in.
 */
function settle<State>(
  tracked: Tracked<State>,
  outcome: { result: WriteResult; answered: State | undefined; change: (state: State) => State },
): void {
  const { result, answered, change } = outcome;
  const possible = [...(tracked.acknowledged ? [tracked.acknowledged] : []), ...tracked.inDoubt];
  if (result === 'acknowledged') {
    tracked.acknowledged = answered ?? possible.map(change)[0];
    tracked.inDoubt = [];
  } else if (result === 'in-doubt') {
    const seen = new Set(possible.map((state) => JSON.stringify(state)));
    for (const state of possible.map(change)) {
      if (!seen.has(JSON.stringify(state))) tracked.inDoubt.push(state);
      seen.add(JSON.stringify(state));
    }
  }
}

const toTaskState = (body: unknown): TaskState => {
  const task = body as TaskState;
  return { title: task.title, columnId: task.columnId, listId: task.listId };
};

const today = () => new Date().toISOString().slice(0, 10);

/** Records still worth writing to: acknowledged once, not busy. */
function idleTaskIds(writer: Writer): string[] {
  return [...writer.tasks.entries()]
    .filter(([id, tracked]) => tracked.acknowledged && !writer.busy.has(`task:${id}`))
    .map(([id]) => id);
}

type Attempt = { status: number; body: unknown };

/** One write: `send` makes the request, `record` files its result; a dropped request is in doubt. */
async function attempt(
  writer: Writer,
  kind: WriteKind,
  send: () => Promise<Attempt>,
  record: (result: WriteResult, body: unknown) => void,
): Promise<WriteOutcome> {
  const started = performance.now();
  let outcome: WriteOutcome;
  try {
    const response = await send();
    const result = classify(response.status);
    record(result, response.body);
    const code = (response.body as { code?: unknown } | undefined)?.code;
    outcome = {
      kind,
      result,
      status: response.status,
      ...(typeof code === 'string' ? { error: code } : {}),
      durationMs: performance.now() - started,
    };
  } catch (error) {
    record('in-doubt', undefined);
    outcome = {
      kind,
      result: 'in-doubt',
      error: (error as Error).message,
      durationMs: performance.now() - started,
    };
  }
  writer.outcomes.push(outcome);
  return outcome;
}

async function createTask(writer: Writer, random: Random): Promise<WriteOutcome> {
  const state: TaskState = {
    title: `Task ${randomUUID()}`,
    columnId: pick(writer.columnIds, random),
    listId: random() < 0.5 ? null : pick(writer.listIds, random),
  };
  return attempt(
    writer,
    'task-create',
    () => writerRequest(writer, { method: 'POST', path: '/api/v1/tasks', body: state }),
    (result, body) => {
      // A create nobody answered has no id to look for; only acknowledged ones are owed.
      if (result === 'acknowledged') track(writer.tasks, (body as { id: string }).id).acknowledged = state;
    },
  );
}

async function moveTask(
  writer: Writer,
  kind: 'task-move-column' | 'task-move-list' | 'task-move-position',
  random: Random,
): Promise<WriteOutcome> {
  const candidates = idleTaskIds(writer);
  if (candidates.length === 0) return createTask(writer, random);
  const taskId = pick(candidates, random);
  const tracked = track(writer.tasks, taskId);
  const current = tracked.acknowledged as TaskState;
  const busyKey = `task:${taskId}`;
  writer.busy.add(busyKey);
  try {
    if (kind === 'task-move-list') {
      const listId = pick(
        [null, ...writer.listIds].filter((id) => id !== current.listId),
        random,
      );
      return await attempt(
        writer,
        kind,
        () => writerRequest(writer, { method: 'PATCH', path: `/api/v1/tasks/${taskId}`, body: { listId } }),
        (result, body) =>
          settle(tracked, {
            result,
            answered: result === 'acknowledged' ? toTaskState(body) : undefined,
            change: (state) => ({ ...state, listId }),
          }),
      );
    }
    const columnId =
      kind === 'task-move-column'
        ? pick(
            writer.columnIds.filter((id) => id !== current.columnId),
            random,
          )
        : current.columnId;
    const position = Math.floor(random() * 4);
    return await attempt(
      writer,
      kind,
      () =>
        writerRequest(writer, {
          method: 'POST',
          path: `/api/v1/tasks/${taskId}/move`,
          body: { columnId, position },
        }),
      (result, body) =>
        settle(tracked, {
          result,
          answered: result === 'acknowledged' ? toTaskState(body) : undefined,
          change: (state) => ({ ...state, columnId }),
        }),
    );
  } finally {
    writer.busy.delete(busyKey);
  }
}

type TaskListing = { items: { id: string; recurrenceId: string | null; completedAt: string | null }[] };

/** The open occurrences of a series, read through the listing. */
export async function findOpenOccurrences(writer: Writer, series: RecurringSeries): Promise<string[]> {
  const query = new URLSearchParams({ q: series.title, status: 'open', limit: '500' });
  const response = await writerRequest<TaskListing>(writer, {
    method: 'GET',
    path: `/api/v1/tasks?${query}`,
  });
  if (response.status !== 200) throw new Error(`listing tasks answered ${response.status}`);
  return response.body.items
    .filter((task) => task.recurrenceId === series.recurrenceId && task.completedAt === null)
    .map((task) => task.id);
}

async function completeRecurring(writer: Writer, random: Random): Promise<WriteOutcome> {
  const idle = writer.series.filter((series) => !writer.busy.has(`series:${series.recurrenceId}`));
  if (idle.length === 0) return createTask(writer, random);
  const series = pick(idle, random);
  const busyKey = `series:${series.recurrenceId}`;
  writer.busy.add(busyKey);
  try {
    if (series.openId === undefined) {
      // The last completion went unanswered: whatever the server holds now is the open one.
      const open = await findOpenOccurrences(writer, series).catch(() => []);
      if (open.length !== 1) return await createTask(writer, random);
      series.openId = open[0];
    }
    const occurrenceId = series.openId as string;
    return await attempt(
      writer,
      'recurring-complete',
      () =>
        writerRequest(writer, { method: 'POST', path: `/api/v1/tasks/${occurrenceId}/complete`, body: {} }),
      (result, body) => {
        if (result === 'acknowledged') {
          series.completedIds.push(occurrenceId);
          series.openId = (body as { nextOccurrence: { id: string } | null }).nextOccurrence?.id;
        } else if (result === 'in-doubt') series.openId = undefined;
      },
    );
  } finally {
    writer.busy.delete(busyKey);
  }
}

const randomAmount = (random: Random) =>
  `${1 + Math.floor(random() * 9999)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;

async function createTransfer(writer: Writer, random: Random): Promise<WriteOutcome> {
  const [from, to] = random() < 0.5 ? writer.accountIds : [writer.accountIds[1], writer.accountIds[0]];
  const amount = randomAmount(random);
  const note = `Transfer ${randomUUID()}`;
  return attempt(
    writer,
    'transfer',
    () =>
      writerRequest(writer, {
        method: 'POST',
        path: '/api/v1/money/transactions',
        body: {
          type: 'transfer',
          accountId: from,
          accountToId: to,
          amount,
          currencyId: writer.currencyId,
          date: today(),
          note,
        },
      }),
    (result, body) => {
      if (result !== 'acknowledged') return;
      const expense = body as { id: string; transferId: string; transfer: { transactionId: string } };
      track(writer.transfers, expense.transferId).acknowledged = {
        expenseId: expense.id,
        incomeId: expense.transfer.transactionId,
        amount,
        note,
      };
    },
  );
}

async function createTrackerLog(writer: Writer, random: Random): Promise<WriteOutcome> {
  const state: TrackerLogState = { value: randomAmount(random), note: `Log ${randomUUID()}` };
  return attempt(
    writer,
    'tracker-log',
    () =>
      writerRequest(writer, {
        method: 'POST',
        path: '/api/v1/tracker-logs',
        body: { trackerId: writer.trackerId, ...state },
      }),
    (result, body) => {
      if (result === 'acknowledged')
        track(writer.trackerLogs, (body as { id: string }).id).acknowledged = state;
    },
  );
}

async function createWorklog(writer: Writer, random: Random): Promise<WriteOutcome> {
  const state: WorklogState = {
    description: `Worked ${randomUUID()}`,
    duration: 1 + Math.floor(random() * 480),
  };
  return attempt(
    writer,
    'worklog-entry',
    () =>
      writerRequest(writer, {
        method: 'POST',
        path: '/api/v1/worklogs',
        body: { projectId: writer.projectId, workDate: today(), ...state },
      }),
    (result, body) => {
      if (result === 'acknowledged') track(writer.worklogs, (body as { id: string }).id).acknowledged = state;
    },
  );
}

async function saveNote(writer: Writer, random: Random): Promise<WriteOutcome> {
  const idle = writer.noteIds.filter((id) => !writer.busy.has(`note:${id}`));
  if (idle.length === 0) return createTrackerLog(writer, random);
  const noteId = pick(idle, random);
  const busyKey = `note:${noteId}`;
  writer.busy.add(busyKey);
  // Long enough that a torn write would show, different every time.
  const state: NoteState = {
    content: `# Draft ${randomUUID()}\n\n${randomBytes(1024 + Math.floor(random() * 8192)).toString('base64')}`,
  };
  try {
    return await attempt(
      writer,
      'note-save',
      () => writerRequest(writer, { method: 'PATCH', path: `/api/v1/notes/${noteId}`, body: state }),
      (result) => settle(track(writer.notes, noteId), { result, answered: undefined, change: () => state }),
    );
  } finally {
    writer.busy.delete(busyKey);
  }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function uploadAttachment(writer: Writer, random: Random): Promise<WriteOutcome> {
  const taskIds = idleTaskIds(writer);
  const owner: AttachmentOwner =
    taskIds.length > 0 && random() < 0.5
      ? { taskId: pick(taskIds, random) }
      : { noteId: pick(writer.noteIds, random) };
  writer.attachmentOwners.push(owner);
  const content = randomBytes(1024 + Math.floor(random() * 64 * 1024));
  const state: AttachmentState = { sha256: sha256(content), size: content.length, owner };
  const send = async (): Promise<Attempt> => {
    const form = new FormData();
    // The owner goes before the file, as the route asks.
    for (const [key, value] of Object.entries(owner)) form.append(key, value);
    form.append('file', new Blob([content]), `scan-${randomUUID().slice(0, 8)}.bin`);
    const post = () =>
      fetch(`${writer.baseUrl}/api/v1/attachments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer.user.accessToken}` },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    let response = await post();
    if (response.status === 401) {
      await renewToken(writer);
      response = await post();
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return attempt(writer, 'attachment-upload', send, (result, body) => {
    if (result === 'acknowledged')
      track(writer.attachments, (body as { id: string }).id).acknowledged = state;
  });
}

const writers: Record<WriteKind, (writer: Writer, random: Random) => Promise<WriteOutcome>> = {
  'task-create': createTask,
  'task-move-column': (writer, random) => moveTask(writer, 'task-move-column', random),
  'task-move-list': (writer, random) => moveTask(writer, 'task-move-list', random),
  'task-move-position': (writer, random) => moveTask(writer, 'task-move-position', random),
  'recurring-complete': completeRecurring,
  transfer: createTransfer,
  'tracker-log': createTrackerLog,
  'worklog-entry': createWorklog,
  'note-save': saveNote,
  'attachment-upload': uploadAttachment,
};

/** Runs one write of the given kind (a move with no task to move creates one instead). */
export function runWrite(
  writer: Writer,
  kind: WriteKind,
  random: Random = Math.random,
): Promise<WriteOutcome> {
  return writers[kind](writer, random);
}

/** Picks a write path at random (each equally likely), runs it and records what must be checked later. */
export function runRandomWrite(writer: Writer, random: Random = Math.random): Promise<WriteOutcome> {
  return runWrite(writer, pick(writeKinds, random), random);
}

/**
 * Keeps `concurrency` writes in flight, spread over the writers, until `signal` aborts; then waits for
 * the writes under way (a killed server fails them at once). Resolves with every outcome.
 */
export async function runWriteLoad(options: {
  writers: Writer[];
  concurrency: number;
  signal: AbortSignal;
  random?: Random;
  /** A pause after each write per lane, to hold a rate instead of the most the server takes. */
  pauseMs?: number;
}): Promise<WriteOutcome[]> {
  const { writers: all, concurrency, signal } = options;
  const random = options.random ?? Math.random;
  const outcomes: WriteOutcome[] = [];
  const lane = async (index: number) => {
    const writer = all[index % all.length] as Writer;
    while (!signal.aborted) {
      outcomes.push(await runRandomWrite(writer, random));
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => lane(index)));
  return outcomes;
}

/** Outcomes counted by result, for the scenario tables. */
export function countOutcomes(outcomes: readonly WriteOutcome[]): Record<WriteResult, number> {
  const counts: Record<WriteResult, number> = { acknowledged: 0, rejected: 0, 'in-doubt': 0 };
  for (const outcome of outcomes) counts[outcome.result] += 1;
  return counts;
}
