// Fills a migrated database with heavy users (the volumes per user) and light ones, through the
// app itself: sign-up and small writes over `inject`, the bulk through the account import (the app's
// own checked, all-or-nothing bulk path), and what the app derives (recurrence series, calculated
// trackers, currency rates) through its services. See bench/README.md ("seed").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ZipFile } from 'yazl';
import { buildApp } from '../../apps/api/src/app';
import { parseConfig } from '../../apps/api/src/config/env';
import type { Database } from '../../apps/api/src/db/client';
import {
  columns,
  currencyRates,
  folders,
  lists,
  moneyAccounts,
  tasks,
  trackers,
  worklogProjects,
} from '../../apps/api/src/db/schema';
import { fetchAndStoreRates } from '../../apps/api/src/modules/currencies/rates.service';
import { exportTables } from '../../apps/api/src/modules/data-transfer/export-tables';
import { importUserData } from '../../apps/api/src/modules/data-transfer/import.service';
import { changeUserPlan } from '../../apps/api/src/modules/plans/change-user-plan';
import {
  EXPORT_DOCUMENT_NAME,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
} from '../../packages/contracts/src/data-transfer';
import {
  createRandom,
  DAY_MS,
  day,
  ecbRatesXml,
  MONEY_ACCOUNTS,
  moneyTables,
  NOTE_SEARCH_TERMS,
  noteTables,
  type Random,
  SPAN_DAYS,
  scaled,
  type Tables,
  taskTables,
  trackerTables,
  WORKLOG_PROJECTS,
  worklogTables,
} from './generate';
import type { SeededHeavyUser, SeedOptions, SeedResult } from './seed-result';

/** Per heavy user at scale 1 (the figures). Lists, trackers, charts and projects do not scale. */
export const HEAVY = {
  tasks: 20_000,
  lists: 30,
  notes: 5_000,
  transactions: 50_000,
  trackers: 50,
  calculatedTrackers: 6,
  trackerLogs: 200_000,
  /** In the first project; the other projects add a twentieth as many (bench/seed/generate.ts). */
  worklogs: 20_000,
  recurringTasks: 20,
};
export const LIGHT_USERS = 1_000;
/** Sign-ups at once: password hashing runs on libuv's threads, so a few overlap well even on 2 cores. */
const LIGHT_CONCURRENCY = 4;
export const SEED_PASSWORD = 'Seed-pass1';
export const TIME_ZONE = 'Europe/Berlin';

type Account = { userId: string; headers: Record<string, string> };
type App = Awaited<ReturnType<typeof buildApp>>;

export async function seedInstance(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  // Attachments would go here; the seed writes none, but the app wants a data directory.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cairn-seed-'));
  const app = await buildApp({
    config: parseConfig({ AUTH_RATE_LIMIT_MAX: '1000000', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
    database,
    jwtSecret: 'seed-secret-that-is-long-enough-for-hs256',
    logger: false,
  });
  try {
    await app.ready();
    // Midnight UTC today: every date derives from it, so a day's runs write the same rows.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const seeder = new Seeder(app, database, today, progress);
    await seeder.storeRates();
    const heavy: SeededHeavyUser[] = [];
    for (let index = 0; index < options.users; index += 1) {
      heavy.push(await seeder.seedHeavyUser(index, options.users, options.scale));
    }
    const lightUserCount = scaled(LIGHT_USERS, options.scale);
    await seeder.seedLightUsers(lightUserCount);
    const rows = await seeder.countRows();
    return { heavy, lightUserCount, rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const formatCount = (value: number) => value.toLocaleString('en-US');

class Seeder {
  readonly userIds: string[] = [];

  constructor(
    private readonly app: App,
    private readonly database: Database,
    private readonly today: number,
    private readonly progress: (line: string) => void,
  ) {}

  // --- Through the API ----------------------------------------------------------------------------

  async request<T = Record<string, unknown>>(
    account: Account,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<T> {
    const response = await this.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: account.headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as T;
  }

  async signUp(username: string, email: string): Promise<Account> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { username, email, password: SEED_PASSWORD },
    });
    if (response.statusCode === 409)
      throw new Error(`${email} already exists: seed an empty database (or drop the earlier seed's)`);
    if (response.statusCode >= 300)
      throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
    const token = response.json().accessToken?.token as string | undefined;
    if (!token) throw new Error('sign-up gave no token: turn e-mail verification off to seed');
    const account = { userId: '', headers: { authorization: `Bearer ${token}`, 'x-timezone': TIME_ZONE } };
    const me = await this.request<{ id: string }>(account, 'PATCH', '/users/me', {
      timezone: TIME_ZONE,
      currency: 'USD',
    });
    account.userId = me.id;
    this.userIds.push(me.id);
    return account;
  }

  /** The bulk of an area as one import: checked row by row, every reference resolved, in one transaction. */
  async importTables(account: Account, tables: Tables): Promise<void> {
    const document = {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      exportedAt: new Date(this.today).toISOString(),
      tables,
    };
    const zip = new ZipFile();
    // Stored, not deflated: the zip only carries the document to the importer in this same process.
    zip.addBuffer(Buffer.from(JSON.stringify(document)), EXPORT_DOCUMENT_NAME, { compress: false });
    zip.end();
    await importUserData(this.app.ctx, {
      userId: account.userId,
      query: { source: 'cairn', dryRun: false },
      content: zip.outputStream as Readable,
      fileName: 'seed.zip',
      requestTimeZone: TIME_ZONE,
    });
  }

  /** Three years of daily rates through the rate job's own reader, served from memory. */
  async storeRates(): Promise<void> {
    const xml = ecbRatesXml({
      random: createRandom(7),
      from: this.today - (SPAN_DAYS + 7) * DAY_MS,
      to: this.today - DAY_MS,
    });
    const result = await fetchAndStoreRates(
      this.app.ctx,
      `data:application/xml;base64,${Buffer.from(xml).toString('base64')}`,
    );
    this.progress(`currency rates ${formatCount(result.days.length)} days`);
  }

  // --- Heavy users --------------------------------------------------------------------------------

  async seedHeavyUser(index: number, of: number, scale: number): Promise<SeededHeavyUser> {
    const { today } = this;
    const label = of > 1 ? `heavy ${index + 1}/${of} · ` : '';
    const step = (area: string, done: number, total: number) =>
      this.progress(`${label}${area} ${formatCount(done)} / ${formatCount(total)}`);
    const random = createRandom(1_000 + index);
    const email = `heavy${index + 1}@example.com`;
    const account = await this.signUp(`heavy${index + 1}`, email);
    const { userId } = account;
    // The free plan caps lists and trackers below a heavy user's.
    await changeUserPlan(this.app.ctx, { userId, plan: 'premium' });
    const db = this.database.db;

    const boardColumns = await db
      .select({ id: columns.id, name: columns.name, isCompletion: columns.isCompletion })
      .from(columns)
      .where(eq(columns.userId, userId))
      .orderBy(asc(columns.priority));

    const taskCount = scaled(HEAVY.tasks, scale);
    step('tasks', 0, taskCount);
    const taskData = taskTables({
      random,
      count: taskCount,
      listCount: HEAVY.lists,
      columns: boardColumns,
      today,
      timeZone: TIME_ZONE,
    });
    await this.importTables(account, taskData);
    step('tasks', taskData.tasks?.length ?? 0, taskCount);
    const extras = await this.apiTasks(account, random, scaled(HEAVY.recurringTasks, scale, 3));
    step('tasks (subtree, recurring series) ', extras.created, extras.created);

    const noteCount = scaled(HEAVY.notes, scale);
    await this.importTables(account, noteTables({ random, count: noteCount, today }));
    step('notes', noteCount, noteCount);

    const transactionCount = scaled(HEAVY.transactions, scale);
    await this.importTables(account, moneyTables({ random, count: transactionCount, today }));
    step('transactions', transactionCount, transactionCount);

    const plainTrackers = HEAVY.trackers - HEAVY.calculatedTrackers;
    const logCount = scaled(HEAVY.trackerLogs, scale);
    const trackerData = trackerTables({ random, trackerCount: plainTrackers, logCount, today });
    await this.importTables(account, trackerData.tables);
    step('tracker logs', logCount, logCount);
    const charts = await this.apiTrackers(account);
    step('calculated trackers and charts', charts.created, charts.created);

    const worklogData = worklogTables({ random, count: scaled(HEAVY.worklogs, scale), today });
    await this.importTables(account, worklogData);
    step('work-log entries', worklogData.worklogs.length, worklogData.worklogs.length);

    return {
      email,
      password: SEED_PASSWORD,
      userId,
      ...(await this.readBack(userId)),
      columnIds: boardColumns.map((column) => column.id),
      deepTaskId: extras.deepTaskId,
      recurringTaskIds: extras.recurringTaskIds,
      noteSearchTerms: NOTE_SEARCH_TERMS,
      plainTrackerId: charts.plainTrackerId,
      busiestChartId: charts.busiestChartId,
      chartIds: charts.chartIds,
      firstDay: day(today - SPAN_DAYS * DAY_MS),
      lastDay: day(today - DAY_MS),
    };
  }

  /**
   * What the app computes as tasks are written: a deep subtree placed level by level, and recurring
   * series whose completions made their next occurrences.
   */
  async apiTasks(account: Account, random: Random, recurringCount: number) {
    const [boardList] = await this.largestLists(account.userId);
    let created = 0;
    const create = async (body: object) => {
      created += 1;
      return (await this.request<{ id: string }>(account, 'POST', '/tasks', { listId: boardList, ...body }))
        .id;
    };
    // Six levels under the root; each level has a spine task carrying the next and five leaves.
    const deepTaskId = await create({ title: 'Launch the new website', note: 'The plan, step by step.' });
    let spine = deepTaskId;
    for (let level = 1; level <= 6; level += 1) {
      const next = await create({ title: `Phase ${level}: prepare`, parentId: spine });
      for (let leaf = 1; leaf <= 5; leaf += 1)
        await create({ title: `Phase ${level}, item ${leaf}`, parentId: spine, estimatedTime: 15 * leaf });
      spine = next;
    }
    const rules = [
      'FREQ=DAILY',
      'FREQ=WEEKLY;BYDAY=MO',
      'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      'FREQ=MONTHLY;BYMONTHDAY=1',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
    ];
    const chores = [
      'Water the plants',
      'Weekly review',
      'Take out the bins',
      'Pay the rent',
      'Clean the kitchen',
      'Call mum',
      'Back up the laptop',
      'Stretch',
    ];
    const recurringTaskIds: string[] = [];
    for (let index = 0; index < recurringCount; index += 1) {
      let id = await create({
        title: chores[index % chores.length] as string,
        rrule: rules[index % rules.length],
        dueDate: new Date(this.today - random.int(2, 20) * DAY_MS + 9 * 3_600_000).toISOString(),
      });
      // A few completions each, so the series have a history and an open next occurrence.
      for (let done = index % 3; done > 0; done -= 1) {
        const completed = await this.request<{ nextOccurrence: { id: string } | null }>(
          account,
          'POST',
          `/tasks/${id}/complete`,
          {},
        );
        if (!completed.nextOccurrence) break;
        created += 1;
        id = completed.nextOccurrence.id;
      }
      recurringTaskIds.push(id);
    }
    return { deepTaskId, recurringTaskIds, created };
  }

  /** Calculated trackers (computed by the app over every day of their sources) and dashboard charts. */
  async apiTrackers(account: Account) {
    const rows = await this.database.db
      .select({ id: trackers.id, name: trackers.name })
      .from(trackers)
      .where(eq(trackers.userId, account.userId));
    const byName = new Map(rows.map((row) => [row.name, row.id]));
    const idOf = (name: string) => {
      const id = byName.get(name);
      if (!id) throw new Error(`no tracker named ${name}`);
      return id;
    };
    let created = 0;
    const calculated = [
      { name: 'BMI', formula: 'weight / height ^ 2', sources: ['Weight', 'Height'], unit: null },
      {
        name: 'Calorie balance',
        formula: 'calories_in - calories_out',
        sources: ['Calories in', 'Calories out'],
        unit: 'kcal',
      },
      { name: 'Distance', formula: 'running + cycling', sources: ['Running', 'Cycling'], unit: 'km' },
      { name: 'Wellbeing', formula: '(mood + energy) / 2', sources: ['Mood', 'Energy'], unit: null },
      {
        name: 'Sleep score',
        formula: 'sleep * 10 - screen_time * 2',
        sources: ['Sleep', 'Screen time'],
        unit: null,
      },
      // Reads other calculated trackers: the app orders their recomputation.
      { name: 'Fitness index', formula: 'distance / bmi', sources: ['Distance', 'BMI'], unit: null },
    ];
    for (const tracker of calculated) {
      const { id } = await this.request<{ id: string }>(account, 'POST', '/trackers', {
        name: tracker.name,
        unit: tracker.unit,
        isCalculated: true,
        calculationFormula: tracker.formula,
        sourceTrackerIds: tracker.sources.map(idOf),
      });
      byName.set(tracker.name, id);
      created += 1;
    }
    const chart = async (
      name: string,
      chartType: string,
      names: string[],
      timeRange: string,
      aggregation: string,
    ) => {
      created += 1;
      const body = {
        name,
        chartType,
        config: { trackerIds: names.map(idOf), timeRange, aggregation, colorScheme: 'default' },
      };
      return (await this.request<{ id: string }>(account, 'POST', '/tracker-dashboard', body)).id;
    };
    const busiestChartId = await chart(
      'Everything, all time',
      'timeSeries',
      [
        'Steps',
        'Weight',
        'Sleep',
        'Mood',
        'Water',
        'Coffee',
        'Calories in',
        'Calories out',
        'Running',
        'Cycling',
      ],
      'all',
      'sum',
    );
    const chartIds = [
      busiestChartId,
      await chart('Steps per day, a year', 'timeSeries', ['Steps'], '1y', 'sum'),
      await chart('Weight and BMI', 'timeSeries', ['Weight', 'BMI'], '1y', 'avg'),
      await chart(
        'Averages, 30 days',
        'bar',
        ['Sleep', 'Mood', 'Energy', 'Focus hours', 'Meditation'],
        '30d',
        'avg',
      ),
      await chart('Sleep against mood', 'scatter', ['Sleep', 'Mood'], '90d', 'none'),
      await chart(
        'Latest body figures',
        'bar',
        ['Weight', 'Body fat', 'Resting heart rate', 'BMI'],
        'all',
        'latest',
      ),
      await chart('Calorie balance', 'timeSeries', ['Calorie balance', 'Fitness index'], '90d', 'avg'),
      await chart('Weight change', 'timeSeries', ['Weight'], '30d', 'difference'),
    ];
    return { plainTrackerId: idOf('Steps'), busiestChartId, chartIds, created };
  }

  /** The user's lists, most tasks first. */
  async largestLists(userId: string): Promise<string[]> {
    const db = this.database.db;
    const sizes = await db
      .select({ id: lists.id, tasks: count(tasks.id) })
      .from(lists)
      .leftJoin(tasks, eq(tasks.listId, lists.id))
      .where(eq(lists.userId, userId))
      .groupBy(lists.id);
    return sizes.sort((a, b) => b.tasks - a.tasks || a.id.localeCompare(b.id)).map((row) => row.id);
  }

  /** The ids the import gave the parents, in the orders SeededHeavyUser promises. */
  async readBack(userId: string) {
    const db = this.database.db;
    const listIds = await this.largestLists(userId);
    const folderRows = await db
      .select({ id: folders.id })
      .from(folders)
      .where(eq(folders.userId, userId))
      .orderBy(asc(folders.createdAt), asc(folders.name));
    const accounts = await db
      .select({ id: moneyAccounts.id, name: moneyAccounts.name })
      .from(moneyAccounts)
      .where(eq(moneyAccounts.userId, userId));
    const projects = await db
      .select({ id: worklogProjects.id, name: worklogProjects.name })
      .from(worklogProjects)
      .where(eq(worklogProjects.userId, userId));
    const trackerRows = await db
      .select({ id: trackers.id })
      .from(trackers)
      .where(eq(trackers.userId, userId))
      .orderBy(asc(trackers.priority), asc(trackers.id));
    const inOrder = (rows: { id: string; name: string }[], names: string[]) =>
      names.flatMap((name) => rows.filter((row) => row.name === name).map((row) => row.id));
    return {
      listIds,
      boardListId: listIds[0] as string,
      noteFolderIds: folderRows.map((row) => row.id),
      accountIds: inOrder(
        accounts,
        MONEY_ACCOUNTS.map((account) => account.name),
      ),
      trackerIds: trackerRows.map((row) => row.id),
      projectIds: inOrder(
        projects,
        WORKLOG_PROJECTS.map(([name]) => name),
      ),
    };
  }

  // --- Light users --------------------------------------------------------------------------------

  async seedLightUsers(total: number): Promise<void> {
    let next = 0;
    let done = 0;
    const every = Math.max(1, Math.round(total / 10));
    const worker = async () => {
      while (next < total) {
        const index = next;
        next += 1;
        await this.seedLightUser(index);
        done += 1;
        if (done % every === 0 || done === total)
          this.progress(`light users ${formatCount(done)} / ${formatCount(total)}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LIGHT_CONCURRENCY, total) }, worker));
  }

  /** A little of each area, in one import: a few lists and tasks, notes, an account, two trackers, a project. */
  async seedLightUser(index: number): Promise<void> {
    const random = createRandom(100_000 + index);
    const account = await this.signUp(`light${index + 1}`, `light${index + 1}@example.com`);
    const { today } = this;
    const boardColumns = await this.database.db
      .select({ name: columns.name, isCompletion: columns.isCompletion })
      .from(columns)
      .where(eq(columns.userId, account.userId))
      .orderBy(asc(columns.priority));
    const taskData = taskTables({
      random,
      count: random.int(10, 40),
      listCount: 2,
      columns: boardColumns,
      today,
      timeZone: TIME_ZONE,
    });
    const tracked = trackerTables({ random, trackerCount: 2, logCount: random.int(10, 60), today });
    await this.importTables(account, {
      ...taskData,
      ...noteTables({ random, count: random.int(2, 10), today, folderCount: 2 }),
      ...moneyTables({ random, count: random.int(10, 40), today, accounts: 1 }),
      ...tracked.tables,
      ...worklogTables({ random, count: random.int(5, 20), today, projects: 1 }),
    });
  }

  // --- Totals -------------------------------------------------------------------------------------

  /** Rows the seeded users own, per kind, counted in the database (derived rows included). */
  async countRows(): Promise<Record<string, number>> {
    const db = this.database.db;
    const rows: Record<string, number> = { users: this.userIds.length };
    for (const table of exportTables) {
      const userId = (table.table as unknown as { userId: PgColumn }).userId;
      const [row] = await db.select({ n: count() }).from(table.table).where(inArray(userId, this.userIds));
      if (row && row.n > 0) rows[table.key] = row.n;
    }
    const [rates] = await db.select({ n: count() }).from(currencyRates);
    rows.currencyRates = rates?.n ?? 0;
    return rows;
  }
}
