import { signUp, type TestApp } from './test-app';

/**
 * What a maker uses of the generated tests' FixtureWorld, stated here rather than imported, as
 * openapi-fixtures.ts imports these makers.
 */
type FixtureWorld = {
  actor: {
    call(
      method: 'POST',
      url: string,
      payload?: unknown,
    ): Promise<{ status: number; body: Record<string, unknown>; text: string }>;
  };
  label(what: string): string;
  get(kind: string, index: number): Promise<string>;
};

type FixtureMaker = (world: FixtureWorld) => Promise<string>;

async function create(world: FixtureWorld, url: string, payload: Record<string, unknown>): Promise<string> {
  const response = await world.actor.call('POST', `/api/v1${url}`, payload);
  if (response.status !== 201)
    throw new Error(`fixture POST ${url} failed: ${response.status} ${response.text}`);
  return String(response.body.id);
}

/**
 * Work-log fixtures for the generated tests, by qualified kind: a project with a client, a category
 * with a multiplier, and an entry on the first of each, linked to the first task. Making an entry
 * also starts the user's timer on the first project (once: a second start answers 409), so every
 * work-log table holds a row of the user.
 */
export const worklogFixtureMakers: Record<string, FixtureMaker> = {
  'worklog-project': (world) =>
    create(world, '/worklogs/projects', { name: world.label('project'), client: world.label('client') }),
  'worklog-category': (world) =>
    create(world, '/worklogs/categories', { name: world.label('category'), breaksMultiplier: '1.15' }),
  worklog: async (world) => {
    const projectId = await world.get('worklog-project', 0);
    const id = await create(world, '/worklogs', {
      projectId,
      categoryId: await world.get('worklog-category', 0),
      taskId: await world.get('task', 0),
      description: world.label('entry'),
      workDate: '2026-03-10',
      startTime: '09:00',
      endTime: '10:30',
    });
    const timer = await world.actor.call('POST', '/api/v1/worklogs/timer/start', {
      projectId,
      description: world.label('timer'),
    });
    if (timer.status !== 201 && timer.status !== 409)
      throw new Error(`fixture timer start failed: ${timer.status} ${timer.text}`);
    return id;
  },
};

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A new user and short ways to call the work-log API as them (optionally from a time zone). */
export async function worklogUser(t: TestApp, options: { timeZone?: string } = {}) {
  const user = await signUp(t);
  let token = user.accessToken;
  const headers = options.timeZone ? { 'x-timezone': options.timeZone } : {};
  const call = async (method: Method, url: string, payload?: unknown) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    const body = response.body && isJson ? response.json() : undefined;
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  };
  const created = async (url: string, payload: Body) => {
    const response = await call('POST', url, payload);
    if (response.status !== 201)
      throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  return {
    password: user.password,
    get token() {
      return token;
    },
    /** Signs in again: a test that moves the clock hours ahead outlives the first access token. */
    async signIn() {
      const response = await t.request({
        method: 'POST',
        url: '/auth/token',
        payload: { username: user.username, password: user.password },
      });
      token = response.json().accessToken.token;
    },
    call,
    createProject: (payload: Body = {}) => created('/worklogs/projects', { name: 'Website', ...payload }),
    createCategory: (payload: Body = {}) =>
      created('/worklogs/categories', { name: 'Development', ...payload }),
    createEntry: (payload: Body) => created('/worklogs', { workDate: '2026-03-10', ...payload }),
    createTask: (payload: Body) => created('/tasks', payload),
  };
}

export type WorklogUser = Awaited<ReturnType<typeof worklogUser>>;
