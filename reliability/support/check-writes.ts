// Reads back everything the write catalogue recorded and holds the server to it: every acknowledged
// write is there as acknowledged (or as a later write nobody answered), no transfer has one side
// only, every recurring series has exactly one open occurrence, and attachment rows and files match.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type AttachmentOwner,
  findOpenOccurrences,
  sha256,
  type Tracked,
  type Writer,
  writerRequest,
} from './writes';

export interface CheckProblem {
  /** What was checked: task, series, transfer, tracker-log, worklog, note, attachment, file. */
  subject: string;
  id: string;
  detail: string;
}

export interface CheckReport {
  /** Acknowledged writes read back (each record's last acknowledged state counts once). */
  checked: number;
  /** Acknowledged writes missing or not as acknowledged. */
  lost: CheckProblem[];
  /** Broken invariants: a one-sided transfer, a series with no or two open occurrences, a row without its file, a file without its row. */
  violations: CheckProblem[];
}

type Page<Item> = { items: Item[]; nextCursor: string | null };

/** Every item of a cursor-paged listing. */
async function readAll<Item>(writer: Writer, basePath: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const separator = basePath.includes('?') ? '&' : '?';
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response: { status: number; body: Page<Item> } = await writerRequest<Page<Item>>(writer, {
      method: 'GET',
      path: `${basePath}${separator}${query}`,
    });
    if (response.status !== 200) {
      throw new Error(`GET ${basePath} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor);
  return items;
}

/** Decimals compare by value: "12.50" and "12.500000" are the same amount. */
const sameDecimal = (a: string, b: string) => Number(a) === Number(b) && a.split('.')[0] === b.split('.')[0];

/**
 * Checks each tracked record: present, and equal to its acknowledged state or one of the states of
 * later unanswered writes. Records never acknowledged are not owed.
 */
function checkTracked<State, Actual>(options: {
  subject: string;
  tracked: Map<string, Tracked<State>>;
  find: (id: string) => Actual | undefined;
  matches: (actual: Actual, expected: State) => boolean;
  report: CheckReport;
}): void {
  const { subject, tracked, find, matches, report } = options;
  for (const [id, { acknowledged, inDoubt }] of tracked) {
    if (!acknowledged) continue;
    report.checked += 1;
    const actual = find(id);
    if (actual === undefined) {
      report.lost.push({ subject, id, detail: 'acknowledged, then missing' });
    } else if (![acknowledged, ...inDoubt].some((expected) => matches(actual, expected))) {
      report.lost.push({
        subject,
        id,
        detail: `holds ${JSON.stringify(actual).slice(0, 300)}, acknowledged ${JSON.stringify(acknowledged).slice(0, 300)}`,
      });
    }
  }
}

type TaskRow = {
  id: string;
  title: string;
  columnId: string;
  listId: string | null;
  recurrenceId: string | null;
  completedAt: string | null;
};
type TransactionRow = {
  id: string;
  type: 'income' | 'expense';
  accountId: string;
  transferId: string | null;
  amount: string;
  note: string;
};
type AttachmentRow = { id: string; fileName: string };

async function checkTasks(writer: Writer, report: CheckReport): Promise<void> {
  const rows = await readAll<TaskRow>(writer, '/api/v1/tasks?status=all', 500);
  const byId = new Map(rows.map((row) => [row.id, row]));
  checkTracked({
    subject: 'task',
    tracked: writer.tasks,
    find: (id) => byId.get(id),
    matches: (actual, expected) =>
      actual.title === expected.title &&
      actual.columnId === expected.columnId &&
      actual.listId === expected.listId,
    report,
  });
  for (const series of writer.series) {
    for (const id of series.completedIds) {
      report.checked += 1;
      if (!byId.get(id)?.completedAt) {
        report.lost.push({
          subject: 'series',
          id,
          detail: `occurrence of ${series.recurrenceId} acknowledged as completed, now open or missing`,
        });
      }
    }
    const open = await findOpenOccurrences(writer, series);
    if (open.length !== 1) {
      report.violations.push({
        subject: 'series',
        id: series.recurrenceId,
        detail: `${open.length} open occurrences (${open.join(', ')}); a daily series has exactly one`,
      });
    } else if (series.openId === undefined) {
      // The unanswered completion either happened or not; either way the writer carries on from here.
      series.openId = open[0];
    }
  }
}

async function checkTransfers(writer: Writer, report: CheckReport): Promise<void> {
  const rows = (
    await Promise.all(
      writer.accountIds.map((accountId) =>
        readAll<TransactionRow>(writer, `/api/v1/money/transactions?accountId=${accountId}`, 500),
      ),
    )
  ).flat();
  const byTransfer = new Map<string, TransactionRow[]>();
  for (const row of rows) {
    if (!row.transferId) continue;
    byTransfer.set(row.transferId, [...(byTransfer.get(row.transferId) ?? []), row]);
  }
  checkTracked({
    subject: 'transfer',
    tracked: writer.transfers,
    find: (id) => byTransfer.get(id),
    matches: (sides, expected) =>
      sides.some((side) => side.id === expected.expenseId && side.type === 'expense') &&
      sides.some((side) => side.id === expected.incomeId && side.type === 'income') &&
      sides.every((side) => sameDecimal(side.amount, expected.amount) && side.note === expected.note),
    report,
  });
  for (const [transferId, sides] of byTransfer) {
    const [first, second] = sides;
    const isWhole =
      sides.length === 2 &&
      first !== undefined &&
      second !== undefined &&
      first.type !== second.type &&
      first.accountId !== second.accountId &&
      sameDecimal(first.amount, second.amount);
    if (!isWhole) {
      report.violations.push({
        subject: 'transfer',
        id: transferId,
        detail: `not one expense and one income of the same amount: ${JSON.stringify(sides)}`,
      });
    }
  }
}

async function checkLogs(writer: Writer, report: CheckReport): Promise<void> {
  const logs = await readAll<{ id: string; value: string; note: string | null }>(
    writer,
    `/api/v1/tracker-logs?trackerId=${writer.trackerId}`,
    200,
  );
  const logsById = new Map(logs.map((log) => [log.id, log]));
  checkTracked({
    subject: 'tracker-log',
    tracked: writer.trackerLogs,
    find: (id) => logsById.get(id),
    matches: (actual, expected) => sameDecimal(actual.value, expected.value) && actual.note === expected.note,
    report,
  });
  const entries = await readAll<{ id: string; description: string; duration: number }>(
    writer,
    `/api/v1/worklogs?projectId=${writer.projectId}`,
    500,
  );
  const entriesById = new Map(entries.map((entry) => [entry.id, entry]));
  checkTracked({
    subject: 'worklog',
    tracked: writer.worklogs,
    find: (id) => entriesById.get(id),
    matches: (actual, expected) =>
      actual.description === expected.description && actual.duration === expected.duration,
    report,
  });
}

async function checkNotes(writer: Writer, report: CheckReport): Promise<void> {
  const notes = new Map<string, { content: string }>();
  for (const noteId of writer.noteIds) {
    const response = await writerRequest<{ content: string }>(writer, {
      method: 'GET',
      path: `/api/v1/notes/${noteId}`,
    });
    if (response.status === 200) notes.set(noteId, response.body);
    else if (response.status !== 404) throw new Error(`GET /notes/${noteId} answered ${response.status}`);
  }
  checkTracked({
    subject: 'note',
    tracked: writer.notes,
    find: (id) => notes.get(id),
    matches: (actual, expected) => actual.content === expected.content,
    report,
  });
}

const ownerKey = (owner: AttachmentOwner) =>
  'noteId' in owner ? `noteId=${owner.noteId}` : `taskId=${owner.taskId}`;

async function checkAttachments(
  writer: Writer,
  report: CheckReport,
  options: { attachmentsDir?: string | undefined },
): Promise<void> {
  const contents = new Map<string, string>();
  for (const [id, tracked] of writer.attachments) {
    if (!tracked.acknowledged) continue;
    const response = await fetch(`${writer.baseUrl}/api/v1/attachments/${id}/content`, {
      headers: { authorization: `Bearer ${writer.user.accessToken}` },
      signal: AbortSignal.timeout(30_000),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status === 200) contents.set(id, sha256(bytes));
    else if (response.status !== 404)
      throw new Error(`downloading attachment ${id} answered ${response.status}`);
  }
  checkTracked({
    subject: 'attachment',
    tracked: writer.attachments,
    find: (id) => contents.get(id),
    matches: (actual, expected) => actual === expected.sha256,
    report,
  });
  if (!options.attachmentsDir) return;

  // Rows, through every note or task an upload was tried on, against the files on disk.
  const rows: AttachmentRow[] = [];
  for (const key of new Set(writer.attachmentOwners.map(ownerKey))) {
    const response = await writerRequest<{ items: AttachmentRow[] }>(writer, {
      method: 'GET',
      path: `/api/v1/attachments?${key}`,
    });
    if (response.status !== 200) throw new Error(`listing attachments of ${key} answered ${response.status}`);
    rows.push(...response.body.items);
  }
  const userDir = path.join(options.attachmentsDir, writer.userId);
  const files = new Set(
    (
      await readdir(userDir).catch((error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? [] : Promise.reject(error),
      )
    ).filter((name) => !name.startsWith('.')),
  );
  const named = new Set(rows.map((row) => row.fileName));
  for (const row of rows) {
    if (!files.has(row.fileName)) {
      report.violations.push({
        subject: 'attachment',
        id: row.id,
        detail: `its file ${row.fileName} is missing`,
      });
    }
  }
  for (const file of files) {
    if (!named.has(file)) {
      report.violations.push({
        subject: 'file',
        id: path.join(userDir, file),
        detail: 'no attachment row names it',
      });
    }
  }
}

/** Files left half written under the storage's temporary folder. */
export async function findPartialUploads(attachmentsDir: string): Promise<string[]> {
  const partialDir = path.join(attachmentsDir, '.partial');
  const names = await readdir(partialDir).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  return names.map((name) => path.join(partialDir, name));
}

/**
 * Reads back every writer's records through the API (the server must be up). With `attachmentsDir`
 * (DATA_DIR/attachments), also matches attachment rows with the files stored there.
 */
export async function checkWriters(
  writers: readonly Writer[],
  options: { attachmentsDir?: string } = {},
): Promise<CheckReport> {
  const report: CheckReport = { checked: 0, lost: [], violations: [] };
  for (const writer of writers) {
    await checkTasks(writer, report);
    await checkTransfers(writer, report);
    await checkLogs(writer, report);
    await checkNotes(writer, report);
    await checkAttachments(writer, report, options);
  }
  return report;
}

/** A short readable list of what went wrong, for an assertion's message. */
export function describeProblems(report: CheckReport, limit = 20): string {
  return [
    ...report.lost.map((problem) => ({ ...problem, kind: 'lost' })),
    ...report.violations.map((problem) => ({ ...problem, kind: 'violation' })),
  ]
    .slice(0, limit)
    .map((problem) => `${problem.kind} ${problem.subject} ${problem.id}: ${problem.detail}`)
    .join('\n');
}
