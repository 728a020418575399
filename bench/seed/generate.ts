// The seeded data as import documents (docs/export-format.md): pure, deterministic functions of a
// random source, today and a scale, so the same arguments give the same rows on any database.

export type Row = Record<string, unknown>;
export type Tables = Record<string, Row[]>;

/** mulberry32: small and fast, without the correlation between draws that a plain LCG shows. */
export function createRandom(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

export const DAY_MS = 86_400_000;
/** Every area spans this many days back from today. */
export const SPAN_DAYS = 3 * 365;
/**
 * `today` is the current day's midnight (UTC), so a day's runs write the same rows; nothing is dated
 * later than this before it, which keeps yesterday the last day in time zones up to UTC+3.
 */
export const LATEST_MS = 3 * 3_600_000;

export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
/** `count` scaled, at least `min`. */
export const scaled = (count: number, scale: number, min = 1) => Math.max(min, Math.round(count * scale));

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** How far `timeZone`'s wall clock is ahead of UTC at `at`. */
function zoneOffsetMs(timeZone: string, at: number): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wall - Math.floor(at / 60_000) * 60_000;
}

/** The instant a calendar day (midnight UTC of it) starts in `timeZone`: how a whole-day due is stored. */
export function startOfDayIn(timeZone: string, utcMidnight: number): number {
  const guess = utcMidnight - zoneOffsetMs(timeZone, utcMidnight);
  return utcMidnight - zoneOffsetMs(timeZone, guess);
}

const vocabulary = (
  'the a of to and in is for on with that this it as be at by from we our plan meeting notes project ' +
  'review budget quarterly team client design release product productivity roadmap goals ideas draft ' +
  'follow up action items decision summary research interview customer feedback launch marketing sales ' +
  'hiring onboarding process documentation api database migration performance bug fix test deploy ' +
  'server frontend backend mobile travel recipe garden book reading list weekend family health workout ' +
  'budgeting invoice tax receipts groceries dinner holiday flight hotel museum weather morning evening ' +
  'monday tuesday wednesday thursday friday january february march april may june july august'
).split(' ');
const foreign = ['żółw', 'zażółć', 'gęślą', 'Kraków', '東京', 'café', 'naïve', 'straße', 'Ελλάδα'];

/** Words a note search finds in many notes, in a few, and in none. */
export const NOTE_SEARCH_TERMS = { common: 'project', some: 'kubernetes', none: 'xylophonist' };

function words(random: Random, count: number) {
  return Array.from({ length: count }, () =>
    random.chance(0.002) ? random.pick(foreign) : random.pick(vocabulary),
  );
}
function sentence(random: Random) {
  return `${words(random, random.int(6, 17))
    .join(' ')
    .replace(/^./, (first) => first.toUpperCase())}.`;
}
function paragraph(random: Random) {
  return Array.from({ length: random.int(2, 6) }, () => sentence(random)).join(' ');
}
function title(random: Random, min: number, max: number) {
  return words(random, random.int(min, max))
    .join(' ')
    .replace(/^./, (first) => first.toUpperCase());
}
function markdown(random: Random, rare: boolean) {
  const parts = [`## ${sentence(random)}`, paragraph(random)];
  if (random.chance(0.5)) parts.push(Array.from({ length: 3 }, () => `- ${sentence(random)}`).join('\n'));
  if (random.chance(0.2)) parts.push(`- [ ] ${sentence(random)}\n- [x] ${sentence(random)}`);
  if (random.chance(0.3))
    parts.push(`**${sentence(random)}** [link](https://example.com/${random.int(1, 999)})`);
  if (random.chance(0.1)) parts.push(`\`\`\`\n${words(random, 8).join('_')}()\n\`\`\``);
  if (rare)
    parts.push(`We moved the ${NOTE_SEARCH_TERMS.some} cluster to the new ${random.pick(vocabulary)} setup.`);
  for (let more = random.int(0, 3); more > 0; more -= 1) parts.push(paragraph(random));
  return parts.join('\n\n');
}

/** A weight per item, the first the heaviest, falling off like 1/(i+2): a few big, many small. */
function skewedPicker(random: Random, count: number) {
  const weights = Array.from({ length: count }, (_, index) => 1 / (index + 2));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const bounds: number[] = [];
  let running = 0;
  for (const weight of weights) {
    running += weight / total;
    bounds.push(running);
  }
  return () => {
    const draw = random.next();
    const index = bounds.findIndex((bound) => draw < bound);
    return index === -1 ? count - 1 : index;
  };
}

const levels = ['low', 'medium', 'high'] as const;

// --- Tasks ----------------------------------------------------------------------------------------

const LIST_NAMES = [
  'Work',
  'Home',
  'Errands',
  'Side project',
  'Reading',
  'Health',
  'Finance',
  'Garden',
  'Travel',
  'Learning',
  'Car',
  'Family',
  'Shopping',
  'Writing',
  'Music',
  'Kitchen',
  'Admin',
  'Hiring',
  'Marketing',
  'Support',
  'Release',
  'Research',
  'Volunteering',
  'Photography',
  'Fitness',
  'Taxes',
  'Wedding',
  'Moving house',
  'Birthday',
  'Someday',
];

export type TaskOptions = {
  random: Random;
  count: number;
  listCount: number;
  /** The account's columns in board order; the completion column's name. */
  columns: { name: string; isCompletion: boolean }[];
  today: number;
  timeZone: string;
};

/**
 * Tasks over the lists (the first the biggest) and the board's columns, with small subtrees (children
 * follow their parent's list, column and state), checklists on one task in ten, dues over the past and
 * the year ahead, and some two fifths completed over three years, in the completion column.
 */
export function taskTables(options: TaskOptions): Tables {
  const { random, count, today, timeZone } = options;
  const lists = LIST_NAMES.slice(0, options.listCount).map((name, index) => ({
    id: `l${index}`,
    name,
    priority: index * 1024,
    createdAt: iso(today - SPAN_DAYS * DAY_MS - index * 3_600_000),
  }));
  const columns = options.columns.map((column) => ({ id: `c:${column.name}`, name: column.name }));
  const openColumns = columns.filter((_, index) => !options.columns[index]?.isCompletion);
  const completion = columns.find((_, index) => options.columns[index]?.isCompletion) ?? columns.at(-1);
  const nextPriority = new Map<string, number>();
  const priorityIn = (columnId: string) => {
    const value = nextPriority.get(columnId) ?? 0;
    nextPriority.set(columnId, value + 1024);
    return value;
  };
  const pickList = skewedPicker(random, lists.length);
  const tasks: Row[] = [];
  const checklist: Row[] = [];

  const makeTask = (parent: Row | undefined, depth: number) => {
    const index = tasks.length;
    const isCompleted = parent ? parent.completedAt != null : random.chance(0.4);
    const created = parent
      ? Math.min(today - LATEST_MS, Date.parse(String(parent.createdAt)) + random.int(0, 3) * DAY_MS)
      : today - random.int(1, SPAN_DAYS) * DAY_MS + random.int(0, DAY_MS - LATEST_MS - 1);
    // A subtask is done before its parent, and never before it was made.
    const completedAt = isCompleted
      ? parent
        ? Math.max(created, Date.parse(String(parent.completedAt)) - random.int(0, 2) * DAY_MS)
        : Math.min(today - LATEST_MS, created + random.int(0, 120) * DAY_MS + random.int(0, DAY_MS - 1))
      : null;
    const columnId = parent
      ? String(parent.columnId)
      : isCompleted
        ? String(completion?.id)
        : String(random.pick(openColumns).id);
    let dueDate: number | null = null;
    let dueDateHasTime = true;
    if (random.chance(0.6)) {
      const dueDay = isCompleted
        ? Math.floor((completedAt as number) / DAY_MS) * DAY_MS + random.int(-5, 10) * DAY_MS
        : Math.floor(today / DAY_MS) * DAY_MS + random.int(-60, 365) * DAY_MS;
      dueDateHasTime = random.chance(0.4);
      dueDate = dueDateHasTime
        ? startOfDayIn(timeZone, dueDay) +
          random.int(8, 19) * 3_600_000 +
          random.pick([0, 15, 30, 45]) * 60_000
        : startOfDayIn(timeZone, dueDay);
    }
    const task: Row = {
      id: `t${index}`,
      title: parent ? `${title(random, 2, 5)} (step ${depth})` : title(random, 2, 8),
      parentId: parent ? parent.id : null,
      columnId,
      listId: parent ? parent.listId : `l${pickList()}`,
      priority: priorityIn(columnId),
      urgency: random.pick(levels),
      importance: random.pick(levels),
      dueDate: dueDate === null ? null : iso(dueDate),
      dueDateHasTime,
      estimatedTime: random.chance(0.3) ? random.pick([5, 15, 30, 45, 60, 90, 120, 240]) : null,
      note: random.chance(0.25) ? paragraph(random) : null,
      reward: random.chance(0.02) ? random.pick(['Coffee', 'A walk', 'Cake', 'An episode']) : null,
      completedAt: completedAt === null ? null : iso(completedAt),
      createdAt: iso(created),
      updatedAt: iso(completedAt ?? created),
    };
    tasks.push(task);
    if (random.chance(0.1)) {
      const items = random.int(2, 6);
      for (let item = 0; item < items; item += 1) {
        checklist.push({
          id: `k${checklist.length}`,
          taskId: task.id,
          title: title(random, 2, 6),
          priority: item * 1024,
          isOptional: random.chance(0.1),
          completedAt: isCompleted || random.chance(0.3) ? task.updatedAt : null,
          createdAt: task.createdAt,
          updatedAt: task.updatedAt,
        });
      }
    }
    return task;
  };

  while (tasks.length < count) {
    const root = makeTask(undefined, 0);
    if (!random.chance(0.12)) continue;
    for (let child = random.int(1, 4); child > 0 && tasks.length < count; child -= 1) {
      const made = makeTask(root, 1);
      for (
        let grand = random.chance(0.3) ? random.int(1, 3) : 0;
        grand > 0 && tasks.length < count;
        grand -= 1
      )
        makeTask(made, 2);
    }
  }
  return { lists, columns, tasks, checklist_items: checklist };
}

// --- Notes ----------------------------------------------------------------------------------------

const FOLDERS: [string, string | null][] = [
  ['Work', null],
  ['Meetings', 'Work'],
  ['Projects', 'Work'],
  ['One-on-ones', 'Work'],
  ['Home', null],
  ['Recipes', 'Home'],
  ['Garden', 'Home'],
  ['Journal', null],
  ['Travel', null],
  ['Reading notes', null],
  ['Ideas', null],
  ['Archive', null],
];

/** Notes of Markdown over nested folders (a tenth in none), a favourite now and then, some archived. */
export function noteTables(options: { random: Random; count: number; today: number; folderCount?: number }) {
  const { random, count, today } = options;
  const folderRows = FOLDERS.slice(0, options.folderCount ?? FOLDERS.length);
  const names = new Set(folderRows.map(([name]) => name));
  const folders = folderRows.map(([name, parent]) => ({
    id: `f:${name}`,
    name,
    parentId: parent && names.has(parent) ? `f:${parent}` : null,
    createdAt: iso(today - SPAN_DAYS * DAY_MS),
  }));
  const pickFolder = skewedPicker(random, folders.length);
  const notes: Row[] = [];
  for (let index = 0; index < count; index += 1) {
    const created =
      today - Math.floor(((count - index) / count) * SPAN_DAYS * DAY_MS) + random.int(0, 3_600_000);
    const edited = Math.min(today - LATEST_MS, created + random.int(0, 30) * DAY_MS);
    notes.push({
      id: `n${index}`,
      title: title(random, 2, 6),
      // One note in 33 (and at least one) holds the rare search word.
      content: markdown(random, index % 33 === 0),
      folderId: random.chance(0.9) ? folders[pickFolder()]?.id : null,
      isFavorite: random.chance(0.03),
      archivedAt: random.chance(0.04) ? iso(edited) : null,
      createdAt: iso(created),
      updatedAt: iso(edited),
    });
  }
  return { folders, notes };
}

// --- Money ----------------------------------------------------------------------------------------

export const MONEY_ACCOUNTS = [
  { name: 'Checking', currency: 'USD' },
  { name: 'Credit card', currency: 'USD' },
  { name: 'Savings', currency: 'USD' },
  { name: 'Cash', currency: 'USD' },
  { name: 'Euro account', currency: 'EUR' },
  { name: 'Pound account', currency: 'GBP' },
];
const MONEY_CATEGORIES: [string, string | null][] = [
  ['Salary', null],
  ['Interest', null],
  ['Food', null],
  ['Groceries', 'Food'],
  ['Restaurants', 'Food'],
  ['Transport', null],
  ['Fuel', 'Transport'],
  ['Public transport', 'Transport'],
  ['Housing', null],
  ['Utilities', null],
  ['Health', null],
  ['Entertainment', null],
  ['Travel', null],
];
const PAYEES = [
  'Corner shop',
  'Supermarket',
  'Bakery',
  'Pharmacy',
  'Bookshop',
  'Cinema',
  'Gas station',
  'Café',
];

/**
 * Transactions over three years and three currencies: a salary a month into Checking, interest into
 * Savings, expenses spread over the days, accounts and categories (a quarter of Food and Transport in
 * a sub-category), and one row in twenty the half of a transfer.
 */
export function moneyTables(options: { random: Random; count: number; today: number; accounts?: number }) {
  const { random, count, today } = options;
  const accountRows = MONEY_ACCOUNTS.slice(0, options.accounts ?? MONEY_ACCOUNTS.length);
  const accounts = accountRows.map((account) => ({
    id: `a:${account.name}`,
    name: account.name,
    currencyId: account.currency,
    createdAt: iso(today - SPAN_DAYS * DAY_MS - DAY_MS),
  }));
  const categories = MONEY_CATEGORIES.map(([name, parent]) => ({
    id: `g:${name}`,
    name,
    parentId: parent ? `g:${parent}` : null,
    createdAt: iso(today - SPAN_DAYS * DAY_MS - DAY_MS),
  }));
  const children = (parent: string) =>
    MONEY_CATEGORIES.filter(([, of]) => of === parent).map(([name]) => `g:${name}`);
  const expenseCategories = [
    'Food',
    'Transport',
    'Housing',
    'Utilities',
    'Health',
    'Entertainment',
    'Travel',
  ];
  const pickAccount = skewedPicker(random, accounts.length);
  const transactions: Row[] = [];
  const first = today - SPAN_DAYS * DAY_MS;
  const add = (row: Row) => transactions.push({ id: `m${transactions.length}`, ...row });
  const amount = (min: number, max: number) => (min + random.next() * (max - min)).toFixed(2);
  const currencyOf = (id: string) => accounts.find((account) => account.id === id)?.currencyId as string;
  const transfers = accounts.length > 1 ? Math.floor(count / 40) : 0;
  const expenses = count - transfers * 2;
  // A salary and interest a month, the rest expenses and small refunds.
  for (let month = 0; month < 36 && transactions.length < expenses; month += 1) {
    const date = day(first + month * 30 * DAY_MS + DAY_MS);
    add({
      type: 'income',
      accountId: accounts[0]?.id,
      amount: amount(4200, 4600),
      currencyId: 'USD',
      date,
      categoryId: 'g:Salary',
      note: 'Salary',
    });
    const saving = accounts[2] ?? accounts[0];
    if (transactions.length < expenses)
      add({
        type: 'income',
        accountId: saving?.id,
        amount: amount(3, 40),
        currencyId: currencyOf(String(saving?.id)),
        date,
        categoryId: 'g:Interest',
        note: '',
      });
  }
  while (transactions.length < expenses) {
    const index = transactions.length;
    const accountId = String(accounts[pickAccount()]?.id);
    const category = random.pick(expenseCategories);
    const subs = children(category);
    const isRefund = random.chance(0.04);
    add({
      type: isRefund ? 'income' : 'expense',
      accountId,
      amount: category === 'Housing' ? amount(900, 1400) : amount(2, random.chance(0.1) ? 600 : 90),
      currencyId: currencyOf(accountId),
      date: day(first + Math.floor((index / expenses) * SPAN_DAYS * DAY_MS)),
      categoryId: `g:${category}`,
      subCategoryId: subs.length > 0 && random.chance(0.25) ? random.pick(subs) : null,
      note: random.chance(0.3) ? `${isRefund ? 'Refund from' : 'Paid at'} ${random.pick(PAYEES)}` : '',
    });
  }
  for (let transfer = 0; transfer < transfers; transfer += 1) {
    const from = accounts[0] as Row;
    const to = accounts[1 + (transfer % (accounts.length - 1))] as Row;
    const date = day(first + Math.floor((transfer / transfers) * SPAN_DAYS * DAY_MS));
    const sent = amount(50, 800);
    const transferId = `x${transfer}`;
    add({
      type: 'expense',
      accountId: from.id,
      amount: sent,
      currencyId: from.currencyId,
      date,
      transferId,
      note: 'Transfer',
    });
    // Across currencies the other side receives about the converted amount.
    const factor = to.currencyId === 'EUR' ? 0.92 : to.currencyId === 'GBP' ? 0.79 : 1;
    add({
      type: 'income',
      accountId: to.id,
      amount: (Number(sent) * factor).toFixed(2),
      currencyId: to.currencyId,
      date,
      transferId,
      note: 'Transfer',
    });
  }
  return { money_accounts: accounts, money_categories: categories, money_transactions: transactions };
}

/**
 * The European Central Bank's rate file (units per 1 EUR) for every weekday from `from` to `to`:
 * USD, GBP and JPY on gentle random walks, as the rate job would have stored them day by day.
 */
export function ecbRatesXml(options: { random: Random; from: number; to: number }): string {
  const { random } = options;
  const walk = { USD: 1.08, GBP: 0.86, JPY: 158 } as Record<string, number>;
  const days: string[] = [];
  for (let at = options.from; at <= options.to; at += DAY_MS) {
    const weekday = new Date(at).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const code of Object.keys(walk))
      walk[code] = (walk[code] as number) * (1 + (random.next() - 0.5) * 0.008);
    const cubes = Object.entries(walk)
      .map(([code, rate]) => `<Cube currency="${code}" rate="${rate.toFixed(code === 'JPY' ? 2 : 4)}"/>`)
      .join('');
    days.push(`<Cube time="${day(at)}">${cubes}</Cube>`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" ' +
    `xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${days.reverse().join('')}</Cube></gesmes:Envelope>`
  );
}

// --- Trackers -------------------------------------------------------------------------------------

type TrackerKind = {
  name: string;
  unit: string | null;
  base: number;
  spread: number;
  decimals: number;
  group: string;
};
const TRACKER_KINDS: TrackerKind[] = [
  { name: 'Steps', unit: 'steps', base: 900, spread: 800, decimals: 0, group: 'Activity' },
  { name: 'Weight', unit: 'kg', base: 78, spread: 3, decimals: 1, group: 'Body' },
  { name: 'Height', unit: 'm', base: 1.78, spread: 0, decimals: 2, group: 'Body' },
  { name: 'Sleep', unit: 'h', base: 7.2, spread: 1.5, decimals: 1, group: 'Sleep' },
  { name: 'Mood', unit: null, base: 6.5, spread: 2.5, decimals: 0, group: 'Mind' },
  { name: 'Water', unit: 'ml', base: 300, spread: 150, decimals: 0, group: 'Body' },
  { name: 'Coffee', unit: 'cups', base: 1, spread: 1, decimals: 0, group: 'Body' },
  { name: 'Calories in', unit: 'kcal', base: 600, spread: 300, decimals: 0, group: 'Body' },
  { name: 'Calories out', unit: 'kcal', base: 450, spread: 300, decimals: 0, group: 'Activity' },
  { name: 'Running', unit: 'km', base: 6, spread: 3, decimals: 2, group: 'Activity' },
  { name: 'Cycling', unit: 'km', base: 18, spread: 10, decimals: 1, group: 'Activity' },
  { name: 'Resting heart rate', unit: 'bpm', base: 60, spread: 6, decimals: 0, group: 'Body' },
  { name: 'Blood pressure', unit: 'mmHg', base: 120, spread: 10, decimals: 0, group: 'Body' },
  { name: 'Meditation', unit: 'min', base: 15, spread: 10, decimals: 0, group: 'Mind' },
  { name: 'Reading', unit: 'pages', base: 25, spread: 20, decimals: 0, group: 'Mind' },
  { name: 'Screen time', unit: 'h', base: 3.5, spread: 2, decimals: 1, group: 'Mind' },
  { name: 'Focus hours', unit: 'h', base: 4, spread: 2, decimals: 1, group: 'Work' },
  { name: 'Emails', unit: null, base: 30, spread: 20, decimals: 0, group: 'Work' },
  { name: 'Energy', unit: null, base: 6, spread: 3, decimals: 0, group: 'Mind' },
  { name: 'Body fat', unit: '%', base: 19, spread: 2, decimals: 1, group: 'Body' },
];
const TRACKER_GROUPS = ['Activity', 'Body', 'Sleep', 'Mind', 'Work'];

/**
 * Plain trackers in five groups and their logs, one tracker (Steps, logged through the day) taking a
 * fifth of them and the rest spread over the others with the skew of a person's habits, every log at
 * an instant over three years. Trackers past the named kinds are numbered variants of them.
 */
export function trackerTables(options: {
  random: Random;
  trackerCount: number;
  logCount: number;
  today: number;
}) {
  const { random, trackerCount, logCount, today } = options;
  const groups = TRACKER_GROUPS.map((name, index) => ({ id: `tg:${name}`, name, priority: index * 1024 }));
  const kinds = Array.from({ length: trackerCount }, (_, index) => {
    const kind = TRACKER_KINDS[index % TRACKER_KINDS.length] as TrackerKind;
    const round = Math.floor(index / TRACKER_KINDS.length);
    return round === 0 ? kind : { ...kind, name: `${kind.name} ${round + 1}` };
  });
  const trackers = kinds.map((kind, index) => ({
    id: `tr${index}`,
    name: kind.name,
    unit: kind.unit,
    groupId: `tg:${kind.group}`,
    priority: index * 1024,
    createdAt: iso(today - SPAN_DAYS * DAY_MS - DAY_MS),
  }));
  const logs: Row[] = [];
  const busiest = trackerCount > 1 ? Math.round(logCount / 5) : logCount;
  const pickOther = skewedPicker(random, Math.max(1, trackerCount - 1));
  const counts = new Array<number>(trackerCount).fill(0);
  counts[0] = busiest;
  for (let left = logCount - busiest; left > 0; left -= 1) {
    const other = 1 + pickOther();
    counts[other] = (counts[other] ?? 0) + 1;
  }
  const first = today - SPAN_DAYS * DAY_MS;
  counts.forEach((tracked, trackerIndex) => {
    const kind = kinds[trackerIndex] as TrackerKind;
    const step = (SPAN_DAYS * DAY_MS) / Math.max(1, tracked);
    let level = kind.base;
    for (let index = 0; index < tracked; index += 1) {
      // A slow drift plus noise, so charts show trends rather than static.
      level += (kind.base - level) * 0.02 + (random.next() - 0.5) * kind.spread * 0.1;
      const value = Math.max(0, level + (random.next() - 0.5) * kind.spread);
      const at = Math.min(today - LATEST_MS, Math.floor(first + index * step + random.next() * step * 0.8));
      logs.push({
        id: `lg${logs.length}`,
        trackerId: `tr${trackerIndex}`,
        value: value.toFixed(kind.decimals),
        note: random.chance(0.05) ? sentence(random) : null,
        logDate: iso(at),
        createdAt: iso(at),
        updatedAt: iso(at),
      });
    }
  });
  return {
    tables: { tracker_groups: groups, trackers, tracker_logs: logs },
    names: kinds.map((kind) => kind.name),
  };
}

// --- Work log -------------------------------------------------------------------------------------

export const WORKLOG_PROJECTS: [string, string | null][] = [
  ['Cairn', null],
  ['Website relaunch', 'Acme'],
  ['Mobile app', 'Globex'],
  ['Data warehouse', 'Initech'],
  ['Support', null],
  ['Internal tools', null],
  ['Consulting', 'Umbrella'],
  ['Open source', null],
];
const WORKLOG_CATEGORIES: [string, string][] = [
  ['Development', '1.15'],
  ['Meetings', '1'],
  ['Review', '1.1'],
  ['Planning', '1'],
];

/**
 * Work-log entries on weekdays over three years, back to back from 8:00 each day; some name a task (by
 * name: the entries are imported apart from the tasks). The first project holds `count` entries (a
 * project's CSV export reads them all), the others a twentieth as many between them.
 */
export function worklogTables(options: { random: Random; count: number; today: number; projects?: number }) {
  const { random, today } = options;
  const projects = WORKLOG_PROJECTS.slice(0, options.projects ?? WORKLOG_PROJECTS.length).map(
    ([name, client]) => ({
      id: `p:${name}`,
      name,
      client,
      createdAt: iso(today - SPAN_DAYS * DAY_MS - DAY_MS),
    }),
  );
  const categories = WORKLOG_CATEGORIES.map(([name, breaksMultiplier]) => ({
    id: `w:${name}`,
    name,
    breaksMultiplier,
  }));
  const weekdays: number[] = [];
  for (let at = today - SPAN_DAYS * DAY_MS; at < today; at += DAY_MS) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) weekdays.push(at);
  }
  // Every 21st entry goes to another project: of count + ⌊count / 20⌋ entries, exactly count are the first's.
  const others = projects.length > 1 ? Math.floor(options.count / 20) : 0;
  const count = options.count + others;
  const perDay = Math.max(1, Math.ceil(count / weekdays.length));
  // Enough minutes a day for the day's entries between 7:00 and 23:00.
  const longest = Math.max(5, Math.min(60, Math.floor(960 / perDay)));
  const pickOther = skewedPicker(random, projects.length - 1);
  const entries: Row[] = [];
  for (let index = 0; index < count; index += 1) {
    const dayIndex = Math.floor((index / count) * weekdays.length);
    const slot = index - Math.ceil((dayIndex * count) / weekdays.length);
    const start = 420 + Math.max(0, slot) * longest;
    // The end stays before midnight: the slots fit between 7:00 and 23:00.
    const duration = Math.min(1439 - start, random.int(Math.max(1, Math.floor(longest / 3)), longest));
    const category = random.pick(categories);
    const at = weekdays[dayIndex] as number;
    entries.push({
      id: `e${index}`,
      projectId: projects[others > 0 && index % 21 === 20 ? 1 + pickOther() : 0]?.id,
      categoryId: category.id,
      taskName: random.chance(0.6) ? title(random, 2, 5) : '',
      description: random.chance(0.7) ? sentence(random) : '',
      workDate: day(at),
      startMinute: start,
      endMinute: start + duration,
      duration,
      breaksMultiplier: category.breaksMultiplier,
      createdAt: iso(at + (start + duration) * 60_000),
      updatedAt: iso(at + (start + duration) * 60_000),
    });
  }
  return { worklogs_projects: projects, worklogs_categories: categories, worklogs: entries };
}
