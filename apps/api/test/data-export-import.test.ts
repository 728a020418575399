import { readFileSync } from 'node:fs';
import { EXPORT_DOCUMENT_NAME, EXPORT_FORMAT_VERSION } from '@cairn/contracts/data-transfer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { ZipFile } from 'yazl';
import { queryRows } from '../src/db/client';
import { exportUserData } from '../src/modules/data-transfer/export.service';
import { CURRENCIES_TABLE, type ExportTable, exportTables } from '../src/modules/data-transfer/export-tables';
import { multipartBody } from './support/multipart';
import {
  type Actor,
  createActor,
  FixtureWorld,
  fixtureMakers,
  snapshotUserRows,
} from './support/openapi-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown>;
type Zip = { document: Record<string, unknown>; files: Map<string, Buffer> };

let t: TestApp;
let source: Actor;
let exported: Buffer;
let exportHeaders: Record<string, unknown>;

async function readZip(buffer: Buffer): Promise<Zip> {
  const zip = await fromBufferPromise(buffer);
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  const text = files.get(EXPORT_DOCUMENT_NAME);
  files.delete(EXPORT_DOCUMENT_NAME);
  return { document: text ? JSON.parse(text.toString('utf8')) : {}, files };
}

async function writeZip(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The export with its document changed by `change` (its files kept). */
async function alteredExport(change: (document: Record<string, unknown>) => void): Promise<Buffer> {
  const { document, files } = await readZip(exported);
  const copy = structuredClone(document);
  change(copy);
  return writeZip({ [EXPORT_DOCUMENT_NAME]: JSON.stringify(copy), ...Object.fromEntries(files) });
}

async function exportOf(actor: Actor) {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me/export', token: actor.token });
  return response;
}

async function importInto(
  actor: Actor,
  file: Buffer,
  query = 'source=cairn&dryRun=false',
  name = 'export.zip',
) {
  return t.request({
    method: 'POST',
    url: `/api/v1/users/me/import?${query}`,
    token: actor.token,
    ...multipartBody({ file: { name, content: file, type: 'application/zip' } }),
  });
}

const registered = exportTables.filter((table) => table.name !== CURRENCIES_TABLE);

async function rowsOf(userId: string): Promise<Map<string, Row[]>> {
  const result = new Map<string, Row[]>();
  for (const table of registered) {
    const rows = await queryRows<{ row: Row }>(
      t.database.db,
      sql`select row_to_json(owned) as row from ${sql.identifier(table.name)} owned where user_id = ${userId}`,
    );
    result.set(
      table.name,
      rows.map(({ row }) => (typeof row === 'string' ? JSON.parse(row) : row)),
    );
  }
  return result;
}

/** Columns a row is compared without: ids and names made from them, and the rows an import merges. */
const ignored: Record<string, string[]> = {
  attachments: ['file_name', 'storage_path'],
  // Columns meet the account's own by name: the account's keep their own timestamps.
  columns: ['created_at', 'updated_at'],
};

/**
 * Every table's rows as content: ids dropped, each reference replaced by the content of the row it
 * names, so two accounts with the same data compare equal whatever their ids.
 */
function contentOf(rows: Map<string, Row[]>): Record<string, string[]> {
  const sqlName = (table: ExportTable, property: string) => table.columns[property]?.name ?? property;
  const byId = new Map<string, Map<unknown, Row>>();
  for (const table of registered)
    byId.set(table.name, new Map((rows.get(table.name) ?? []).map((row) => [row.id, row])));
  const cache = new Map<Row, string>();
  const describe = (table: ExportTable, row: Row, withoutGroups = false): string => {
    const cached = withoutGroups ? undefined : cache.get(row);
    if (cached) return cached;
    const references = new Map(
      Object.entries(table.references).map(([property, target]) => [sqlName(table, property), target]),
    );
    const groups = new Set(table.groupIds.map((property) => sqlName(table, property)));
    const content: Row = {};
    for (const [column, value] of Object.entries(row).sort(([a], [b]) => a.localeCompare(b))) {
      if (column === 'id' || column === 'user_id' || ignored[table.name]?.includes(column)) continue;
      const target = references.get(column);
      if (groups.has(column)) {
        content[column] =
          withoutGroups || value === null
            ? null
            : (rows.get(table.name) ?? [])
                .filter((other) => other[column] === value)
                .map((other) => describe(table, other, true))
                .sort();
      } else if (target && target !== CURRENCIES_TABLE && value !== null) {
        const referenced = byId.get(target)?.get(value);
        const targetTable = registered.find((candidate) => candidate.name === target) as ExportTable;
        content[column] = referenced ? describe(targetTable, referenced) : 'dangling';
      } else if (table.name === 'tracker_dashboard' && column === 'config') {
        const config = value as { trackerIds: string[] };
        const trackers = registered.find((candidate) => candidate.name === 'trackers') as ExportTable;
        content[column] = {
          ...config,
          trackerIds: config.trackerIds.map((id) => describe(trackers, byId.get('trackers')?.get(id) as Row)),
        };
      } else content[column] = value;
    }
    const text = JSON.stringify(content);
    if (!withoutGroups) cache.set(row, text);
    return text;
  };
  return Object.fromEntries(
    registered.map((table) => [
      table.name,
      (rows.get(table.name) ?? []).map((row) => describe(table, row)).sort(),
    ]),
  );
}

async function storedKeysOf(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.storage.list()) if (file.key.startsWith(`${userId}/`)) keys.push(file.key);
  return keys.sort();
}

async function attachmentBytes(actor: Actor): Promise<string[]> {
  const rows = await queryRows<{ id: string; original_file_name: string }>(
    t.database.db,
    sql`select id, original_file_name from attachments where user_id = ${actor.userId}`,
  );
  const contents: string[] = [];
  for (const row of rows) {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/attachments/${row.id}/content`,
      token: actor.token,
    });
    expect(response.statusCode).toBe(200);
    contents.push(`${row.original_file_name}: ${response.rawPayload.toString('base64')}`);
  }
  return contents.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  source = await createActor(t, 'source');
  const world = new FixtureWorld(source);
  // Two of each kind where the fixtures nest (sub-accounts, a transfer between two accounts).
  for (const kind of Object.keys(fixtureMakers)) {
    if (kind === 'session') continue;
    await world.get(kind, 0);
  }
  await world.get('account', 1);
  // A second attachment, an image on a note, so bytes that are not text travel too.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = await source.upload('/api/v1/attachments', {
    fields: { noteId: await world.get('note', 0) },
    file: { name: 'pixel.png', content: png },
  });
  expect(upload.status).toBe(201);
  // A recurring series, a task in the trash and an archived note: kept rows travel too.
  const recurring = await source.call('POST', '/api/v1/tasks', {
    title: 'Bins',
    quickurrence: { rule: 'weekly', weekDays: [5] },
    dueDate: '2026-03-13T08:00:00.000Z',
  });
  expect(recurring.status).toBe(201);
  const trashed = await source.call('POST', '/api/v1/tasks', { title: 'Trashed' });
  expect((await source.call('DELETE', `/api/v1/tasks/${trashed.body.id}`)).status).toBeLessThan(300);
  // A recurring transaction that started in the past posts at once, so postings exist.
  const posted = await source.call('POST', '/api/v1/money/recurring', {
    type: 'income',
    accountId: await world.get('account', 0),
    amount: '100',
    currencyId: await world.get('currency', 1),
    note: 'Salary',
    quickurrence: { rule: 'monthly', startDate: '2026-03-01T00:00:00.000Z' },
  });
  expect(posted.status).toBe(201);
  const system = await source.call('PUT', '/api/v1/trackers/system-sources', {
    source: 'money.account-balance',
    sourceKey: await world.get('account', 0),
    isEnabled: true,
  });
  expect(system.status).toBeLessThan(300);
  expect(
    (
      await source.call('PUT', '/api/v1/trackers/system-sources', {
        source: 'tasks.completed',
        isEnabled: true,
      })
    ).status,
  ).toBeLessThan(300);

  const response = await exportOf(source);
  expect(response.statusCode, response.body).toBe(200);
  exported = response.rawPayload;
  exportHeaders = response.headers;
}, 120_000);
afterAll(() => t.close());

describe('GET /users/me/export', () => {
  it('answers a zip download named after the day, with the row count for progress', async () => {
    expect(exportHeaders['content-type']).toBe('application/zip');
    expect(exportHeaders['content-disposition']).toContain('filename="cairn-export-2026-03-10.zip"');
    const rows = await rowsOf(source.userId);
    const total = [...rows.values()].reduce((sum, list) => sum + list.length, 0);
    expect(Number(exportHeaders['x-cairn-export-items'])).toBe(total);
  });

  it('holds every registered table, the user, the currencies and every attachment file', async () => {
    const { document, files } = await readZip(exported);
    expect(document).toMatchObject({ format: 'cairn-export', version: EXPORT_FORMAT_VERSION });
    expect(document.user).toMatchObject({ username: source.username });
    const tables = document.tables as Record<string, Row[]>;
    const rows = await rowsOf(source.userId);
    for (const table of registered) {
      expect(rows.get(table.name)?.length, `${table.name} has fixture rows`).toBeGreaterThan(0);
      expect(tables[table.name]?.length, table.name).toBe(rows.get(table.name)?.length);
    }
    for (const table of registered) expect(tables[table.name]?.[0], table.name).not.toHaveProperty('userId');
    expect(tables.worklogs?.[0]).not.toHaveProperty('durationWithBreaks');
    expect(tables.notes?.[0]).not.toHaveProperty('searchVector');
    expect(Object.values(document.currencies as Record<string, string>)).toContain('USD');
    expect([...files.keys()].sort()).toEqual(
      tables.attachments?.map((row) => `attachments/${row.id}`).sort(),
    );
    expect(tables).not.toHaveProperty('push_subscriptions');
  });

  it("holds only the caller's own data", async () => {
    const other = await createActor(t, 'other');
    const response = await exportOf(other);
    expect(response.statusCode).toBe(200);
    const { document, files } = await readZip(response.rawPayload);
    expect(JSON.stringify(document)).not.toContain(source.marker);
    expect(files.size).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/me/export' })).statusCode).toBe(401);
  });
});

describe('a large export', () => {
  let big: Actor;
  beforeAll(async () => {
    big = await createActor(t, 'big');
    const tracker = await big.call('POST', '/api/v1/trackers', { name: 'Steps' });
    expect(tracker.status).toBe(201);
    // More rows than one read batch holds, and a document far larger than the stream buffers.
    await t.database.db.execute(sql`
      insert into tracker_logs (user_id, id, tracker_id, value, note, log_date)
      select ${big.userId}, gen_random_uuid(), ${String(tracker.body.id)}, n, md5(n::text) || md5((n * 7)::text) || md5((n * 13)::text),
             timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
      from generate_series(1, 2500) as n`);
  });

  it('reads big tables in batches, every row once', async () => {
    const response = await exportOf(big);
    expect(response.statusCode).toBe(200);
    const { document } = await readZip(response.rawPayload);
    const logs = (document.tables as Record<string, Row[]>).tracker_logs ?? [];
    expect(logs.length).toBe(2500);
    expect(new Set(logs.map((row) => row.id)).size).toBe(2500);
  });

  it('ends its transaction when the download is cut off', async () => {
    const { content } = await exportUserData(t.app.ctx, { userId: big.userId });
    await new Promise((resolve) => content.once('readable', resolve));
    content.read();
    content.destroy();
    // The embedded database runs one transaction at a time: a query would wait on a stuck one.
    const deadline = Date.now() + 5000;
    for (;;) {
      const open = await queryRows<{ count: string }>(
        t.database.db,
        sql`select count(*)::text as count from pg_stat_activity
            where state like 'idle in transaction%' and datname = current_database()`,
      );
      if (open[0]?.count === '0') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('POST /users/me/import', () => {
  it('gives a fresh account the same data, ids aside, and the same attachment bytes', async () => {
    const target = await createActor(t, 'target');
    const response = await importInto(target, exported);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ source: 'cairn', isDryRun: false });
    expect(summary.counts).toContainEqual({ key: 'tasks', label: 'Tasks', count: expect.any(Number) });

    const before = contentOf(await rowsOf(source.userId));
    const after = contentOf(await rowsOf(target.userId));
    for (const table of registered) expect(after[table.name], table.name).toEqual(before[table.name]);
    expect(await attachmentBytes(target)).toEqual(await attachmentBytes(source));
    expect((await storedKeysOf(target.userId)).length).toBe(2);

    // The new rows are the target's own and work through the API.
    const ids = (await rowsOf(target.userId)).get('tasks')?.map((row) => row.id);
    const sourceIds = (await rowsOf(source.userId)).get('tasks')?.map((row) => row.id);
    expect(ids?.some((id) => sourceIds?.includes(id))).toBe(false);
    const tasks = await target.call('GET', '/api/v1/tasks');
    expect(tasks.status).toBe(200);
  });

  it('adds everything again when the same file is imported twice', async () => {
    const target = await createActor(t, 'twice');
    const first = await importInto(target, exported);
    expect(first.statusCode, first.body).toBe(200);
    const once = await rowsOf(target.userId);
    const second = await importInto(target, exported);
    expect(second.statusCode, second.body).toBe(200);
    // Merged rows (columns met by name, the timer, system trackers) are not added again.
    const countOf = (response: typeof first, key: string) =>
      response.json().counts.find((count: { key: string }) => count.key === key)?.count;
    for (const key of ['tasks', 'notes', 'attachments', 'moneyTransactions', 'trackerLogs'])
      expect(countOf(second, key), key).toBe(countOf(first, key));
    expect(countOf(second, 'worklogTimer')).toBeUndefined();
    const twice = await rowsOf(target.userId);
    for (const table of [
      'lists',
      'tasks',
      'checklist_items',
      'notes',
      'folders',
      'attachments',
      'money_transactions',
      'worklogs',
      'tracker_dashboard',
    ]) {
      expect(twice.get(table)?.length, table).toBe(2 * (once.get(table)?.length ?? 0));
    }
    // One settings row, one timer, one tracker per system source, columns met by name.
    for (const table of ['task_manager_config', 'worklogs_timers', 'columns']) {
      expect(twice.get(table)?.length, table).toBe(once.get(table)?.length);
    }
    const conflicts = second.json().conflicts.map((conflict: { kind: string }) => conflict.kind);
    expect(conflicts).toEqual(
      expect.arrayContaining(['duplicateName', 'worklogTimer', 'taskSettings', 'columns', 'trackers']),
    );
  });

  it('reports in a dry run what it would add, and changes nothing', async () => {
    const target = await createActor(t, 'dry');
    const before = await snapshotUserRows(t, target.userId);
    const dry = await importInto(target, exported, 'source=cairn&dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().isDryRun).toBe(true);
    expect(await snapshotUserRows(t, target.userId)).toEqual(before);
    expect(await storedKeysOf(target.userId)).toEqual([]);
    const real = await importInto(target, exported);
    expect(dry.json().counts).toEqual(real.json().counts);
    const sourceRows = await rowsOf(source.userId);
    const tasks = dry.json().counts.find((count: { key: string }) => count.key === 'tasks');
    expect(tasks.count).toBe(sourceRows.get('tasks')?.length);
  });

  describe('refuses a file that is not valid, changing nothing', () => {
    const cases: [string, () => Promise<Buffer>, RegExp][] = [
      ['not a zip', async () => Buffer.from('just some text, not a zip'), /not a zip/],
      ['a zip without the document', () => writeZip({ 'notes.txt': 'hello' }), /cairn-export\.json/],
      [
        'a document that is not JSON',
        () => writeZip({ [EXPORT_DOCUMENT_NAME]: '{"format": "cairn-export",\n"version": 1,' }),
        /not valid JSON/,
      ],
      [
        'a row of the wrong type',
        () =>
          alteredExport((document) => {
            ((document.tables as Record<string, Row[]>).tasks as Row[])[1] = {
              ...((document.tables as Record<string, Row[]>).tasks as Row[])[1],
              title: 42,
            };
          }),
        /Row 1 of tasks/,
      ],
      [
        'a row with an unknown column',
        () =>
          alteredExport((document) => {
            ((document.tables as Record<string, Row[]>).notes as Row[])[0] = {
              ...((document.tables as Record<string, Row[]>).notes as Row[])[0],
              mood: 'happy',
            };
          }),
        /Row 0 of notes/,
      ],
      [
        'a reference to a row it does not hold',
        () =>
          alteredExport((document) => {
            ((document.tables as Record<string, Row[]>).checklist_items as Row[])[0] = {
              ...((document.tables as Record<string, Row[]>).checklist_items as Row[])[0],
              taskId: 'nowhere',
            };
          }),
        /checklist_items: taskId refers to a row of tasks/,
      ],
      [
        'a newer version',
        () =>
          alteredExport((document) => {
            document.version = EXPORT_FORMAT_VERSION + 1;
          }),
        /version 2/,
      ],
      [
        'another format',
        () =>
          alteredExport((document) => {
            document.format = 'something-else';
          }),
        /not a Cairn export/,
      ],
      [
        'an unknown table',
        () =>
          alteredExport((document) => {
            (document.tables as Record<string, unknown>).push_subscriptions = [];
          }),
        /unknown table/,
      ],
      [
        'an attachment without its file',
        async () => {
          const { document } = await readZip(exported);
          return writeZip({ [EXPORT_DOCUMENT_NAME]: JSON.stringify(document) });
        },
        /lacks attachments\//,
      ],
      [
        // Passes every check but the database's own (amounts are positive), after the files are stored.
        'a row the database refuses',
        () =>
          alteredExport((document) => {
            const transactions = (document.tables as Record<string, Row[]>).money_transactions as Row[];
            transactions[transactions.length - 1] = {
              ...transactions[transactions.length - 1],
              amount: '-5',
            };
          }),
        /rule of the data/,
      ],
    ];
    let target: Actor;
    beforeAll(async () => {
      target = await createActor(t, 'refused');
      await new FixtureWorld(target).get('task', 0);
    });

    it.each(cases)('%s', async (_name, makeFile, message) => {
      const before = await snapshotUserRows(t, target.userId);
      const files = await storedKeysOf(target.userId);
      const response = await importInto(target, await makeFile());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: expect.stringMatching(message),
      });
      expect(await snapshotUserRows(t, target.userId)).toEqual(before);
      expect(await storedKeysOf(target.userId)).toEqual(files);
    });
  });

  it('refuses past a plan limit with 402, and the dry run names it', async () => {
    const target = await createActor(t, 'limited');
    const lists = Array.from({ length: 21 }, (_, index) => ({ id: `list-${index}`, name: `List ${index}` }));
    const file = await writeZip({
      [EXPORT_DOCUMENT_NAME]: JSON.stringify({ format: 'cairn-export', version: 1, tables: { lists } }),
    });
    const before = await snapshotUserRows(t, target.userId);
    const dry = await importInto(target, file, 'dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json().conflicts).toContainEqual({
      kind: 'planLimit',
      message: expect.stringContaining('20 lists'),
    });
    const real = await importInto(target, file);
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      error: expect.stringContaining('lists'),
    });
    expect(await snapshotUserRows(t, target.userId)).toEqual(before);
  });

  it('refuses what is not a multipart upload, and an unknown source', async () => {
    const target = await createActor(t, 'shape');
    const json = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/import',
      token: target.token,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const badQuery = await importInto(target, exported, 'source=excel');
    expect(badQuery.statusCode).toBe(400);
  });

  it('reads a Todoist CSV and a Toggl CSV through the same import', async () => {
    const target = await createActor(t, 'csv');
    const todoist = readFileSync(new URL('./fixtures/imports/todoist-project.csv', import.meta.url));
    const dry = await importInto(target, todoist, 'source=todoist&dryRun=true', 'Errands.csv');
    expect(dry.statusCode, dry.body).toBe(200);
    const tasks = dry.json().counts.find((count: { key: string }) => count.key === 'tasks');
    expect(tasks.count).toBeGreaterThan(0);
    const real = await importInto(target, todoist, 'source=todoist', 'Errands.csv');
    expect(real.statusCode, real.body).toBe(200);
    const rows = await rowsOf(target.userId);
    expect(rows.get('tasks')?.length).toBe(tasks.count);
    expect(rows.get('lists')?.map((row) => row.name)).toEqual(['Errands']);

    const toggl = readFileSync(new URL('./fixtures/imports/toggl-detailed.csv', import.meta.url));
    const entries = await importInto(target, toggl, 'source=toggl', 'toggl.csv');
    expect(entries.statusCode, entries.body).toBe(200);
    expect((await rowsOf(target.userId)).get('worklogs')?.length).toBeGreaterThan(0);

    const before = await snapshotUserRows(t, target.userId);
    const broken = Buffer.from('TYPE,CONTENT,PRIORITY\ntask,Call,9\n');
    const refused = await importInto(target, broken, 'source=todoist', 'broken.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Line 2/);
    expect(await snapshotUserRows(t, target.userId)).toEqual(before);
  });
});
