import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { multipartBody } from './multipart';
import type { HttpMethod } from './openapi-document';
import { signUp, type TestApp } from './test-app';
import { trackerFixtureMakers } from './tracker-fixtures';
import { worklogFixtureMakers } from './worklog-fixtures';

/** A signed-in user making JSON calls; `marker` is in every name their fixtures get. */
export type Actor = {
  userId: string;
  username: string;
  token: string;
  refreshToken: string;
  password: string;
  marker: string;
  call(
    method: HttpMethod,
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown>; text: string }>;
  /** A multipart/form-data POST, as file uploads are sent. */
  upload(
    url: string,
    form: Parameters<typeof multipartBody>[0],
  ): Promise<{ status: number; body: Record<string, unknown>; text: string }>;
};

type SignedInUser = { username: string; password: string; accessToken: string; refreshToken: string };

/** A new user (or `user`, signed in some other way) with batch editing on. */
export async function createActor(t: TestApp, label: string, signedIn?: SignedInUser): Promise<Actor> {
  const user = signedIn ?? (await signUp(t));
  const marker = `${label}-${Math.random().toString(36).slice(2, 10)}`;
  const call: Actor['call'] = async (method, url, payload) => {
    const response = await t.request({
      method,
      url,
      token: user.accessToken,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    const text = response.body;
    // A download answers with the file itself, not JSON.
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return { status: response.statusCode, body: text && isJson ? response.json() : {}, text };
  };
  const me = await call('GET', '/api/v1/users/me');
  // Optional features are switched on, so every operation is reachable and a 4xx means what it says.
  const config = await call('PATCH', '/api/v1/task-manager-config', { isBatchEnabled: true });
  if (config.status !== 200) throw new Error(`enabling batch editing failed: ${config.text}`);
  return {
    userId: String(me.body.id),
    username: user.username,
    token: user.accessToken,
    refreshToken: user.refreshToken,
    password: user.password,
    marker,
    call,
    async upload(url, form) {
      const response = await t.request({
        method: 'POST',
        url,
        token: user.accessToken,
        ...multipartBody(form),
      });
      return { status: response.statusCode, body: response.json(), text: response.body };
    },
  };
}

/** Makes the `index`th resource of a kind (0 for the first), which may hang under the `index`th of another. */
type FixtureMaker = (world: FixtureWorld, index: number) => Promise<string>;

async function create(world: FixtureWorld, url: string, payload: Record<string, unknown>): Promise<string> {
  const response = await world.actor.call('POST', `/api/v1${url}`, payload);
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`fixture POST ${url} failed: ${response.status} ${response.text}`);
  return String(response.body.id);
}

/**
 * How to make one resource of each kind for a user; the kind is what the generated tests derive
 * from a path segment (`/lists/{id}` → list) or a field name (`columnId` → column). A new area
 * adds its kinds here, and the isolation test fails until it does.
 */
export const fixtureMakers: Record<string, FixtureMaker> = {
  list: (world) => create(world, '/lists', { name: world.label('list') }),
  column: (world) => create(world, '/columns', { name: world.label('column') }),
  task: async (world) => {
    const id = await create(world, '/tasks', {
      title: world.label('task'),
      listId: await world.get('list', 0),
      columnId: await world.get('column', 0),
      note: world.label('note'),
    });
    await create(world, '/tasks', { title: world.label('subtask'), parentId: id });
    return id;
  },
  // Items belong to the first task, so a path naming that task and the item is consistent.
  'checklist-item': async (world) =>
    create(world, `/tasks/${await world.get('task', 0)}/checklist-items`, { title: world.label('item') }),
  // A folder with a folder inside it, so moves and deletes have a subtree to reach.
  folder: async (world) => {
    const id = await create(world, '/folders', { name: world.label('folder') });
    await create(world, '/folders', { name: world.label('subfolder'), parentId: id });
    return id;
  },
  // A note in the first folder, with a child note.
  note: async (world) => {
    const id = await create(world, '/notes', {
      title: world.label('note'),
      content: world.label('note content'),
      folderId: await world.get('folder', 0),
    });
    await create(world, '/notes', { title: world.label('child note'), parentId: id });
    return id;
  },
  // A small text file on the first task.
  attachment: async (world) => {
    const response = await world.actor.upload('/api/v1/attachments', {
      fields: { taskId: await world.get('task', 0) },
      file: { name: `${world.label('attachment')}.txt`, content: Buffer.from(world.label('file content')) },
    });
    if (response.status !== 201)
      throw new Error(`fixture upload failed: ${response.status} ${response.text}`);
    return String(response.body.id);
  },
  // Money: the nth sub-account is a child of the nth account, so a request naming the first account
  // and the first sub-account is consistent (and likewise for categories).
  account: (world) => create(world, '/money/accounts', { name: world.label('account') }),
  'sub-account': async (world, index) =>
    create(world, '/money/accounts', {
      name: world.label('sub-account'),
      parentId: await world.get('account', index),
    }),
  category: (world) => create(world, '/money/categories', { name: world.label('category') }),
  'sub-category': async (world, index) =>
    create(world, '/money/categories', {
      name: world.label('sub-category'),
      parentId: await world.get('category', index),
    }),
  // A transfer (two rows) from the first account's first sub-account to the second account, filed
  // under the first sub-category: the richest shape a transaction has.
  transaction: async (world) =>
    create(world, '/money/transactions', {
      type: 'transfer',
      accountId: await world.get('account', 0),
      subAccountId: await world.get('sub-account', 0),
      accountToId: await world.get('account', 1),
      amount: '12.5',
      currencyId: await world.get('currency', 0),
      date: '2026-03-01',
      categoryId: await world.get('category', 0),
      subCategoryId: await world.get('sub-category', 0),
      note: world.label('transaction'),
    }),
  // Monthly from far ahead, so no occurrence is due and nothing is posted by making it.
  recurring: async (world) =>
    create(world, '/money/recurring', {
      type: 'expense',
      accountId: await world.get('account', 0),
      amount: '9.99',
      currencyId: await world.get('currency', 0),
      note: world.label('recurring'),
      quickurrence: { rule: 'monthly', startDate: '2099-01-01T00:00:00.000Z' },
    }),
  // Currencies are reference data every user shares (see sharedKinds): the nth of a fixed list.
  currency: async (world, index) => {
    const code = fixtureCurrencyCodes[index % fixtureCurrencyCodes.length];
    const response = await world.actor.call('GET', '/api/v1/currencies');
    const items = (response.body.items ?? []) as { id: string; code: string }[];
    const currency = items.find((item) => item.code === code);
    if (!currency) throw new Error(`fixture currency ${code} is not in GET /currencies: ${response.status}`);
    return currency.id;
  },
  ...worklogFixtureMakers,
  ...trackerFixtureMakers,
  // Another signed-in device of the user (`/users/me/sessions/{id}`), never the one the actor calls from.
  session: async (world) => {
    const { username, password } = world.actor;
    const login = await world.actor.call('POST', '/auth/token', { username, password });
    if (login.status !== 200) throw new Error(`fixture sign-in failed: ${login.status} ${login.text}`);
    const sessions = await world.actor.call('GET', '/api/v1/users/me/sessions');
    const items = (sessions.body.items ?? []) as { id: string; isCurrent: boolean }[];
    const other = items.find((item) => !item.isCurrent);
    if (!other) throw new Error(`fixture session missing: ${sessions.status} ${sessions.text}`);
    return other.id;
  },
  // A push device (`/push/subscriptions/{id}`). Its host never resolves, so nothing is ever sent to it.
  subscription: (world) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return create(world, '/push/subscriptions', {
      endpoint: `https://push.example.invalid/send/${encodeURIComponent(world.label('device'))}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
  },
};

const fixtureCurrencyCodes = ['USD', 'EUR', 'GBP', 'JPY', 'CHF'];

/**
 * Kinds that are not owned by anyone: every user reads and uses the same currencies, so another
 * user's id of such a kind is the caller's too, and no isolation case can be built from it.
 */
export const sharedKinds: ReadonlySet<string> = new Set(['currency']);

/** One user's fixtures, made on first use: the nth resource of a kind is made once. */
export class FixtureWorld {
  private readonly made = new Map<string, Promise<string>>();
  private counter = 0;

  constructor(readonly actor: Actor) {}

  label(what: string): string {
    this.counter += 1;
    return `${this.actor.marker} ${what} ${this.counter}`;
  }

  get(kind: string, index: number): Promise<string> {
    const maker = fixtureMakers[kind];
    if (!maker) throw new Error(missingFixtureMessage(kind));
    const key = `${kind}#${index}`;
    let id = this.made.get(key);
    if (!id) {
      // Earlier instances first, so "the first task" always exists before the second.
      id = (index > 0 ? this.get(kind, index - 1) : Promise.resolve('')).then(() => maker(this, index));
      this.made.set(key, id);
    }
    return id;
  }
}

export function missingFixtureMessage(kind: string, where?: string): string {
  return (
    `No fixture makes a "${kind}"${where ? ` (needed by ${where})` : ''}. ` +
    'Add one to fixtureMakers in apps/api/test/support/openapi-fixtures.ts, so the generated ' +
    'isolation test can check that another user cannot reach it.'
  );
}

/** "checklist-items" → "checklist-item", "currencies" → "currency". */
export function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('s')) return segment.slice(0, -1);
  return segment;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The resource an operation is about: the last path segment that names a known kind, else the last plural one. */
function resourceKindOf(path: string): string | undefined {
  const segments = path.split('/').filter((segment) => segment && !segment.startsWith('{'));
  const kinds = segments.map(singular);
  const known = kinds.filter((kind) => fixtureMakers[kind]).at(-1);
  if (known) return known;
  const plural = segments.filter((segment) => segment.endsWith('s')).at(-1);
  return plural ? singular(plural) : undefined;
}

// Fields that point at a neighbour of the same kind as the resource the path is about.
const sameKindFields = new Set(['parent', 'after', 'before']);

// Fields that name a second resource of a kind, such as a transfer's destination account: within a
// request the nth use of a kind takes its nth fixture, so source and destination differ.
const kindAliases: Record<string, string> = {
  'account-to': 'account',
  'sub-account-to': 'sub-account',
  'currency-to': 'currency',
  'to-account': 'account',
  'to-sub-account': 'sub-account',
  'to-category': 'category',
  'to-sub-category': 'sub-category',
  // A calculated tracker's sources are trackers; a system tracker's key is a money account.
  'source-tracker': 'tracker',
  'source-key': 'account',
};

/**
 * Areas whose kinds share a name with another area's (work-log categories and money categories):
 * under their path prefix, a kind is looked up with the area's qualifier first.
 */
const areaQualifiers: readonly { prefix: string; qualifier: string }[] = [
  { prefix: '/worklogs', qualifier: 'worklog' },
  // A tracker's groupId is a tracker group, not a task list's group.
  { prefix: '/tracker', qualifier: 'tracker' },
];

/** The fixture kind a path parameter or a field names. */
export function kindOf(path: string, location: 'path' | 'query' | 'body', name: string): string | undefined {
  const kind = unqualifiedKindOf(path, location, name);
  const area = areaQualifiers.find(({ prefix }) => path.replace(/^\/api\/v1/, '').startsWith(prefix));
  const qualified = area && kind ? `${area.qualifier}-${kind}` : undefined;
  return qualified && fixtureMakers[qualified] ? qualified : kind;
}

function unqualifiedKindOf(
  path: string,
  location: 'path' | 'query' | 'body',
  name: string,
): string | undefined {
  if (location === 'path') {
    const segments = path.split('/');
    const index = segments.indexOf(`{${name}}`);
    const previous = segments[index - 1];
    if (previous && !previous.startsWith('{')) return singular(previous);
  }
  if (name === 'id' || name === 'ids') return resourceKindOf(path);
  const stem = kebab(name.replace(/Ids?$/, ''));
  if (sameKindFields.has(stem)) return resourceKindOf(path);
  if (stem === 'item') return 'checklist-item';
  return kindAliases[stem] ?? stem;
}

/** Every table with a user_id column: what a user owns, read from the catalog. */
export async function userOwnedTables(t: TestApp): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id'
        order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** All of a user's rows, table by table, as sorted JSON: equal snapshots mean nothing changed. */
export async function snapshotUserRows(t: TestApp, userId: string, tables?: string[]): Promise<string[]> {
  const owned = tables ?? (await userOwnedTables(t));
  // One query for every table, so a snapshot per request stays cheap.
  const selects = [
    ...owned.map(
      (table) =>
        sql`select ${table} as "table", row_to_json(owned)::text as row from ${sql.identifier(table)} owned where user_id = ${userId}`,
    ),
    sql`select 'users' as "table", row_to_json(owned)::text as row from users owned where id = ${userId}`,
  ];
  const rows = await queryRows<{ table: string; row: string }>(
    t.database.db,
    sql`${sql.join(selects, sql` union all `)} order by 1, 2`,
  );
  return rows.map((row) => `${row.table} ${row.row}`);
}
