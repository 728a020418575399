// How fast a whole account is exported and imported on the embedded database, against the same rows
// read (and copied) with bare SQL. Run: npm run bench:data-transfer -w @cairn/bench. See bench/README.md.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { fromBufferPromise } from 'yauzl';
import type * as AppModule from '../../apps/api/src/app';
import type * as EnvModule from '../../apps/api/src/config/env';
import type * as ClientModule from '../../apps/api/src/db/client';
import type * as StatisticsModule from '../../apps/api/src/db/planner-statistics';
import type * as TablesModule from '../../apps/api/src/modules/data-transfer/export-tables';

const LISTS = 10;
const TASKS = 10_000;
/** Checklist items on every tenth task. */
const CHECKLIST_ITEMS_PER_TASK = 4;
const FOLDERS = 20;
const NOTES = 2_000;
const TRANSACTIONS = 50_000;
const TRACKERS = 5;
const TRACKER_LOGS = 50_000;
const WORKLOGS = 20_000;
const ATTACHMENTS = 20;
const ATTACHMENT_BYTES = 100 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A real import adds a whole account (some 25 s on PGlite): two rounds keep the run near three minutes. */
const IMPORT_ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 2);
const apiSource = process.env.BENCH_API_SRC ?? new URL('../../apps/api/src', import.meta.url).pathname;

const { buildApp } = (await import(`${apiSource}/app.ts`)) as typeof AppModule;
const { parseConfig } = (await import(`${apiSource}/config/env.ts`)) as typeof EnvModule;
const { wrapPglite } = (await import(`${apiSource}/db/client.ts`)) as typeof ClientModule;
const { refreshPlannerStatistics } = (await import(
  `${apiSource}/db/planner-statistics.ts`
)) as typeof StatisticsModule;
// The export's own list of tables, so the bare run reads exactly the tables the document holds.
const { exportTables } = (await import(
  `${apiSource}/modules/data-transfer/export-tables.ts`
)) as typeof TablesModule;

// --- The app on a fresh embedded database, attachments in a temporary folder --------------------------

const dataDir = await mkdtemp(path.join(tmpdir(), 'cairn-bench-transfer-'));
// Removed however the run ends, a failed check included.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const pglite = await PGlite.create();
const database = wrapPglite(pglite);
const rawQuery = pglite.query.bind(pglite);
await database.migrate();

const app = await buildApp({
  config: parseConfig({ AUTH_RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  logger: false,
});
await app.ready();

type Account = { userId: string; headers: Record<string, string> };

async function createAccount(name: string): Promise<Account> {
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { username: name, email: `${name}@example.com`, password: 'Bench-pass1' },
  });
  if (signup.statusCode >= 300) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
  const headers = {
    authorization: `Bearer ${signup.json().accessToken.token as string}`,
    'x-timezone': 'Europe/Vienna',
  };
  const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
  return { userId: me.json().id as string, headers };
}

const source = await createAccount('bench');
const { userId } = source;

async function api(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: source.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response;
}
const idOf = async (url: string, payload: object) => (await api('POST', url, payload)).json().id as string;

// --- The parents through the API ------------------------------------------------------------------

const listIds: string[] = [];
for (let index = 1; index <= LISTS; index += 1)
  listIds.push(await idOf('/api/v1/lists', { name: `List ${index}` }));
const columnIds = (
  await rawQuery<{ id: string }>('select id from columns where user_id = $1', [userId])
).rows.map((row) => row.id);
const folderIds: string[] = [];
for (let index = 1; index <= FOLDERS; index += 1)
  folderIds.push(await idOf('/api/v1/folders', { name: `Folder ${index}` }));
const accountIds: string[] = [];
for (const name of ['Checking', 'Savings', 'Credit card'])
  accountIds.push(await idOf('/api/v1/money/accounts', { name, parentId: null, currencyId: null }));
const categoryIds: string[] = [];
for (const name of ['Salary', 'Food', 'Transport', 'Housing', 'Fun'])
  categoryIds.push(await idOf('/api/v1/money/categories', { name, parentId: null }));
const trackerIds: string[] = [];
for (const name of ['Weight', 'Steps', 'Sleep', 'Mood', 'Water'].slice(0, TRACKERS))
  trackerIds.push(await idOf('/api/v1/trackers', { name }));
const projectIds: string[] = [];
for (const [name, client] of [
  ['Client work', 'Acme'],
  ['Internal', null],
] as const)
  projectIds.push(await idOf('/api/v1/worklogs/projects', { name, client }));
const worklogCategoryIds: string[] = [];
for (const [name, breaksMultiplier] of [
  ['Development', '1.15'],
  ['Meetings', '1'],
] as const)
  worklogCategoryIds.push(await idOf('/api/v1/worklogs/categories', { name, breaksMultiplier }));
const currencyId = (await rawQuery<{ id: string }>(`select id from currencies where code = 'USD'`)).rows[0]
  ?.id;

// --- The bulk with INSERT … SELECT generate_series --------------------------------------------------

// Tasks over the lists and columns: a third dated, a fifth done, a note on every fourth.
await rawQuery(
  `insert into tasks (user_id, id, title, column_id, list_id, priority, due_date, completed_at, note,
                      urgency, importance, created_at, updated_at)
   select $1, gen_random_uuid(), 'Task ' || n || ' of the bench account', ($2::uuid[])[1 + n % $3::int],
          ($4::uuid[])[1 + n % $5::int], n,
          case when n % 3 = 0 then now() + (n % 200 - 100) * interval '1 day' end,
          case when n % 5 = 0 then now() - (n % 300) * interval '1 hour' end,
          case when n % 4 = 0 then 'Some notes about task ' || n || ': ' || repeat('detail ', 1 + n % 20) end,
          (array['low', 'medium', 'high'])[1 + n % 3]::level, (array['low', 'medium', 'high'])[1 + n / 3 % 3]::level,
          now() - n * interval '1 hour', now()
     from generate_series(0, $6::int - 1) n`,
  [userId, `{${columnIds.join(',')}}`, columnIds.length, `{${listIds.join(',')}}`, LISTS, TASKS],
);
await rawQuery(
  `insert into checklist_items (user_id, id, task_id, title, priority, completed_at, created_at, updated_at)
   select $1, gen_random_uuid(), t.id, 'Step ' || i || ' of ' || t.title, i,
          case when i = 1 then now() end, now(), now()
     from tasks t cross join generate_series(1, $2::int) i
    where t.user_id = $1 and t.priority % 10 = 0`,
  [userId, CHECKLIST_ITEMS_PER_TASK],
);
await rawQuery(
  `insert into notes (user_id, id, title, content, folder_id, is_favorite, created_at, updated_at)
   select $1, gen_random_uuid(), 'Note ' || n,
          'Meeting notes number ' || n || E'.\\n\\n' || repeat('We talked about the plan and the next steps. ', 5 + n % 30),
          ($2::uuid[])[1 + n % $3::int], n % 25 = 0, now() - n * interval '3 hours', now()
     from generate_series(0, $4::int - 1) n`,
  [userId, `{${folderIds.join(',')}}`, FOLDERS, NOTES],
);
await rawQuery(
  `insert into money_transactions (user_id, id, type, account_id, amount, currency_id, date, category_id, note,
                                   created_at, updated_at)
   select $1, gen_random_uuid(), case when n % 7 = 0 then 'income' else 'expense' end,
          ($2::uuid[])[1 + n % 3], round((1 + (n * 37) % 240 + (n % 100) / 100.0)::numeric, 2), $3::uuid,
          current_date - n / 45, ($4::uuid[])[1 + n % 5], case when n % 3 = 0 then 'Payment ' || n else '' end,
          now(), now()
     from generate_series(0, $5::int - 1) n`,
  [userId, `{${accountIds.join(',')}}`, currencyId, `{${categoryIds.join(',')}}`, TRANSACTIONS],
);
await rawQuery(
  `insert into tracker_logs (user_id, id, tracker_id, value, note, log_date, created_at, updated_at)
   select $1, gen_random_uuid(), ($2::uuid[])[1 + n % $3::int],
          round((50 + (n * 37) % 1000 / 10.0 + (n % 7) * 0.01)::numeric, 2),
          case when n % 10 = 0 then 'Note ' || n end, now() - n * interval '30 minutes', now(), now()
     from generate_series(0, $4::int - 1) n`,
  [userId, `{${trackerIds.join(',')}}`, TRACKERS, TRACKER_LOGS],
);
await rawQuery(
  `insert into worklogs (user_id, id, project_id, category_id, task_name, description, work_date,
                         start_minute, end_minute, duration, breaks_multiplier, created_at, updated_at)
   select $1, gen_random_uuid(), ($2::uuid[])[1 + n % 2], ($3::uuid[])[1 + n % 2], 'Task ' || (n % 700),
          'Worked on item ' || n || ', with notes: ' || repeat('details ', 1 + n % 6), date '2023-01-01' + n / 18,
          (n % 18) * 20 + 480, (n % 18) * 20 + 500, 20, case n % 2 when 0 then 1.15 else 1 end, now(), now()
     from generate_series(0, $4::int - 1) n`,
  [userId, `{${projectIds.join(',')}}`, `{${worklogCategoryIds.join(',')}}`, WORKLOGS],
);

// Attachments through the API: half on notes, half on tasks, random bytes (a zip cannot shrink them).
const owners = await rawQuery<{ kind: string; id: string }>(
  `(select 'noteId' as kind, id from notes where user_id = $1 order by id limit $2)
   union all (select 'taskId', id from tasks where user_id = $1 order by id limit $2)`,
  [userId, ATTACHMENTS / 2],
);

function multipartBody(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type: string },
) {
  const boundary = `----cairn-bench-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const [index, owner] of owners.rows.entries()) {
  const body = multipartBody(
    { [owner.kind]: owner.id },
    { name: `scan-${index}.bin`, content: randomBytes(ATTACHMENT_BYTES), type: 'application/octet-stream' },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    payload: body.payload,
    headers: { ...source.headers, ...body.headers },
  });
  if (response.statusCode !== 201)
    throw new Error(`attachment answered ${response.statusCode}: ${response.body}`);
}
// As the server does at boot on the embedded database.
await refreshPlannerStatistics(pglite);

// --- The export through the API, and the same tables read bare ------------------------------------

async function exportZip(): Promise<Buffer> {
  const response = await api('GET', '/api/v1/users/me/export');
  return response.rawPayload;
}

/** Each exported table's rows with a plain select, in one repeatable-read, read-only transaction. */
async function readBare(owner: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await pglite.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    for (const table of exportTables) {
      const result = await tx.query(`select * from "${table.name}" where user_id = $1`, [owner]);
      counts.set(table.name, result.rows.length);
    }
  });
  return counts;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The document's rows per table and the names of the other entries of an export zip. */
async function readZip(buffer: Buffer) {
  const zip = await fromBufferPromise(buffer);
  let documentText = '';
  const files: string[] = [];
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.startsWith('attachments/')) {
      files.push(entry.fileName);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as Readable)
      chunks.push(chunk as Buffer);
    documentText = Buffer.concat(chunks).toString('utf8');
  }
  const { tables } = JSON.parse(documentText) as { tables: Record<string, unknown[]> };
  const counts = new Map(Object.entries(tables).map(([name, rows]) => [name, rows.length]));
  return { counts, documentBytes: Buffer.byteLength(documentText), files };
}

/** Peak RSS and heap growth while `work` runs, sampled every 5 ms and whenever it calls `sample`. */
async function peakMemoryOf<T>(work: (sample: () => void) => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work(sample);
    sample();
    return { result, rss: peakRss - before.rss, heap: peakHeap - before.heapUsed };
  } finally {
    clearInterval(timer);
  }
}

const startLoad = loadavg()[0]!;

// First, before anything has grown the process: one export read as a stream and dropped chunk by chunk,
// so the bench keeps nothing of the answer and what grows is what the export itself holds.
const exportMemory = await peakMemoryOf(async (sample) => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/users/me/export',
    headers: source.headers,
    payloadAsStream: true,
  });
  let bytes = 0;
  for await (const chunk of response.stream() as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    sample();
  }
  return bytes;
});

// A fast wrong answer is not a result: the document must hold exactly the rows the bare run reads.
const zip = await exportZip();
const bareCounts = await readBare(userId);
const { counts: exportedCounts, documentBytes, files } = await readZip(zip);
for (const [name, count] of bareCounts) {
  const exported = exportedCounts.get(name) ?? 0;
  if (exported !== count)
    throw new Error(`export: ${name} holds ${exported} rows, the bare run read ${count}`);
}
if (files.length !== ATTACHMENTS) throw new Error(`export: ${files.length} attachment files`);
// The export's time is in the document, so the deflated size moves by a few bytes between exports.
if (Math.abs(exportMemory.result - zip.length) > zip.length / 100)
  throw new Error(`export as a stream: ${exportMemory.result} bytes, read whole ${zip.length}`);
const totalRows = [...bareCounts.values()].reduce((sum, count) => sum + count, 0);

// Warm both, then take turns call for call, so a neighbour's burst slows both alike.
await exportZip();
await readBare(userId);
const exportTimes: number[] = [];
const bareReadTimes: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  let began = performance.now();
  await exportZip();
  exportTimes.push(performance.now() - began);
  began = performance.now();
  await readBare(userId);
  bareReadTimes.push(performance.now() - began);
}

// --- The import through the API, and the same rows copied bare ------------------------------------

let accountNumber = 0;
function nextAccount() {
  accountNumber += 1;
  return createAccount(`import${accountNumber}`);
}

type ImportAnswer = { counts: { key: string; count: number }[] };

async function importZip(account: Account, isDryRun: boolean) {
  const body = multipartBody({}, { name: 'cairn-export.zip', content: zip, type: 'application/zip' });
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/users/me/import?source=cairn&dryRun=${isDryRun}`,
    payload: body.payload,
    headers: { ...account.headers, ...body.headers },
  });
  if (response.statusCode !== 200)
    throw new Error(`import answered ${response.statusCode}: ${response.body}`);
  return response.json() as ImportAnswer;
}

const quote = (name: string) => `"${name}"`;

/**
 * What an import writes, with nothing around it: every exported table's rows of the source copied to
 * the target in one transaction with INSERT … SELECT, each id, reference and shared group id through one
 * map of new ids. As the import does, a column named like one of the target's is that column, and the
 * target's one settings row is replaced. The attachment rows name paths under the target's prefix;
 * no file is copied.
 */
async function copyBare(from: string, to: string) {
  await pglite.transaction(async (tx) => {
    await tx.query('create temporary table id_map (old text primary key, new uuid not null) on commit drop');
    await tx.query(
      `insert into id_map select s.id::text, t.id from columns s
         join columns t on t.user_id = $2 and lower(t.name) = lower(s.name) where s.user_id = $1`,
      [from, to],
    );
    for (const table of exportTables) {
      const mapped = [table.idColumn, ...table.groupIds].filter((column) => column !== undefined);
      for (const property of mapped) {
        const column = quote(table.columns[property]!.name);
        await tx.query(
          `insert into id_map select distinct ${column}::text, gen_random_uuid() from ${quote(table.name)}
            where user_id = $1 and ${column} is not null on conflict do nothing`,
          [from],
        );
      }
    }
    for (const table of exportTables) {
      if (table.isSingleton) await tx.query(`delete from ${quote(table.name)} where user_id = $1`, [to]);
      const names: string[] = [];
      const values: string[] = [];
      for (const [property, column] of Object.entries(table.columns)) {
        names.push(quote(column.name));
        const target = table.references[property];
        const isMapped =
          property === table.idColumn ||
          table.groupIds.includes(property) ||
          (target !== undefined && target !== 'currencies');
        // A storage path is unique: the copy names one under the target's prefix (no file is written).
        if (table.name === 'attachments' && property === 'storagePath')
          values.push(`$2::uuid::text || '/' || s.file_name`);
        else if (isMapped) values.push(`(select new from id_map where old = s.${quote(column.name)}::text)`);
        else values.push(`s.${quote(column.name)}`);
      }
      // Merged columns are the target's own already.
      const merged =
        table.name === 'columns'
          ? `and not exists (select from columns t where t.user_id = $2 and lower(t.name) = lower(s.name))`
          : '';
      await tx.query(
        `insert into ${quote(table.name)} (user_id, ${names.join(', ')})
         select $2::uuid, ${values.join(', ')} from ${quote(table.name)} s where s.user_id = $1 ${merged}`,
        [from, to],
      );
    }
  });
}

const countOf = (answer: ImportAnswer, key: string) => answer.counts.find((item) => item.key === key)?.count;

/** A real import and the bare copy must add the same rows per table, all the source's. */
async function checkImport(options: {
  dryRun: ImportAnswer;
  imported: Account;
  copied: Account;
  fresh: Account;
}) {
  if (countOf(options.dryRun, 'tasks') !== TASKS)
    throw new Error('import: the dry run does not count every task');
  const fresh = await readBare(options.fresh.userId);
  const imported = await readBare(options.imported.userId);
  const copied = await readBare(options.copied.userId);
  for (const [name, count] of bareCounts) {
    if (imported.get(name) !== copied.get(name))
      throw new Error(`import: ${name} holds ${imported.get(name)} rows, the bare copy ${copied.get(name)}`);
    // A fresh account holds its own default columns already, which both meet by name.
    const added = (copied.get(name) ?? 0) - (fresh.get(name) ?? 0);
    const isMerged = name === 'columns' || exportTables.find((table) => table.name === name)?.isSingleton;
    if (!isMerged && added !== count) throw new Error(`bare copy: ${name} gained ${added} rows of ${count}`);
  }
}

// Each round imports into a new account (a dry run first) and copies into another one.
const dryRunTimes: number[] = [];
const importTimes: number[] = [];
const copyTimes: number[] = [];
let importMemory = { rss: 0, heap: 0 };
for (let round = 0; round < IMPORT_ROUNDS; round += 1) {
  const target = await nextAccount();
  let began = performance.now();
  const dryRun = await importZip(target, true);
  dryRunTimes.push(performance.now() - began);
  const measured = await peakMemoryOf(async () => {
    began = performance.now();
    await importZip(target, false);
    importTimes.push(performance.now() - began);
  });
  if (round === 0) importMemory = measured;
  const copyTarget = await nextAccount();
  began = performance.now();
  await copyBare(userId, copyTarget.userId);
  copyTimes.push(performance.now() - began);
  if (round === 0)
    await checkImport({ dryRun, imported: target, copied: copyTarget, fresh: await nextAccount() });
}

// --- The table ------------------------------------------------------------------------------------

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `## Data transfer, one account of ${totalRows.toLocaleString('en-US')} rows and ${ATTACHMENTS} files, PGlite, API against bare SQL\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} rounds (import ${IMPORT_ROUNDS})\n`,
);
console.log(
  'The ratio is the bare SQL median ÷ the API median: 1× means the API adds nothing to reading (or writing) the rows.\n',
);
console.log('| case | rows | bytes | API median ms | bare SQL median ms | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
const rows = [
  ['export (zip read whole) / select * per table', exportTimes, bareReadTimes],
  ['import, dry run / INSERT … SELECT copy', dryRunTimes, copyTimes],
  ['import / INSERT … SELECT copy', importTimes, copyTimes],
] as const;
for (const [name, apiTimes, bareTimes] of rows) {
  const apiMedian = median([...apiTimes]);
  const bareMedian = median([...bareTimes]);
  console.log(
    `| ${name} | ${totalRows.toLocaleString('en-US')} | ${zip.length.toLocaleString('en-US')} | ${apiMedian.toFixed(1)} | ${bareMedian.toFixed(1)} | ${(bareMedian / apiMedian).toFixed(2)}× |`,
  );
}
console.log(
  `\nThe zip: ${mib(zip.length)} (document ${mib(documentBytes)} uncompressed, ${ATTACHMENTS} files of ${ATTACHMENT_BYTES / 1024} KiB). One export read as a stream: peak RSS +${mib(exportMemory.rss)}, heap +${mib(exportMemory.heap)}; one real import: peak RSS +${mib(importMemory.rss)}, heap +${mib(importMemory.heap)}.`,
);
await app.close();
await database.close();
