import type { ChartData, DashboardChart, Tracker, TrackerGroup, TrackerLog } from '@cairn/contracts/trackers';
import { signUp, type TestApp } from './test-app';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A new user of the trackers area, calling the API as the web app does. `timeZone` is sent as the
 * x-timezone header on every call, as the browser does.
 */
export async function createTrackerUser(t: TestApp, options: { timeZone?: string } = {}) {
  const { accessToken } = await signUp(t);
  const me = await t.request({ method: 'GET', url: '/api/v1/users/me', token: accessToken });
  const headers = options.timeZone ? { 'x-timezone': options.timeZone } : {};
  const call = async (method: Method, url: string, payload?: unknown) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token: accessToken,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return {
      status: response.statusCode,
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the answer holds.
      body: (isJson && response.body ? response.json() : undefined) as any,
      text: response.body,
      headers: response.headers,
    };
  };
  const created = async <T>(url: string, payload: Body): Promise<T> => {
    const response = await call('POST', url, payload);
    if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${response.text}`);
    return response.body as T;
  };
  const read = async <T>(url: string): Promise<T> => {
    const response = await call('GET', url);
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${response.text}`);
    return response.body as T;
  };
  return {
    userId: me.json().id as string,
    accessToken,
    call,
    group: (name: string, extra: Body = {}) => created<TrackerGroup>('/tracker-groups', { name, ...extra }),
    tracker: (name: string, extra: Body = {}) => created<Tracker>('/trackers', { name, ...extra }),
    /** A value logged at `logDate` (an ISO instant; omitted: now). */
    log: (trackerId: string, value: string, logDate?: string, extra: Body = {}) =>
      created<TrackerLog>('/tracker-logs', {
        trackerId,
        value,
        ...(logDate === undefined ? {} : { logDate }),
        ...extra,
      }),
    chart: (payload: Body) => created<DashboardChart>('/tracker-dashboard', payload),
    trackers: async () => (await read<{ items: Tracker[] }>('/trackers')).items,
    logs: async (query = '') =>
      read<{ items: TrackerLog[]; nextCursor: string | null }>(`/tracker-logs${query}`),
    chartData: (chartId: string) => read<ChartData>(`/tracker-dashboard/${chartId}/data`),
  };
}

export type TrackerUser = Awaited<ReturnType<typeof createTrackerUser>>;
