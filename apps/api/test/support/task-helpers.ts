import type { TestApp } from './test-app';

/** Small wrappers so task tests read as what a user does. */
export function taskClient(t: TestApp, token: string, timeZone?: string) {
  const headers = timeZone ? { 'x-timezone': timeZone } : {};
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    call,
    async createTask(body: Record<string, unknown>) {
      const response = await call('POST', '/tasks', body);
      if (response.status !== 201)
        throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { id: string; columnId: string; priority: number } & Record<string, unknown>;
    },
    async columns() {
      return (await call('GET', '/columns')).body.items as {
        id: string;
        name: string;
        isDefault: boolean;
        isCompletion: boolean;
      }[];
    },
    async titles(query: string) {
      const response = await call('GET', `/tasks?${query}`);
      if (response.status !== 200)
        throw new Error(`list failed: ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body.items as { title: string }[]).map((task) => task.title);
    },
  };
}
