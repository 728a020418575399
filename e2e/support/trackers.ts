import type { Page } from '@playwright/test';

export interface ApiTracker {
  id: string;
  name: string;
  variableName: string;
  valueFormat: 'currency' | 'percentage' | 'number';
  unit: string | null;
  groupId: string | null;
  isCalculated: boolean;
  calculationFormula: string | null;
  sourceTrackerIds: string[];
  lastLog: { id: string; value: string; logDate: string } | null;
}

export interface ApiTrackerGroup {
  id: string;
  name: string;
  color: string | null;
}

export interface ApiTrackerLog {
  id: string;
  trackerId: string;
  value: string;
  note: string | null;
  logDate: string;
  isOutOfBounds: boolean;
}

/** The trackers API as the signed-in test user, for arranging data and checking what was saved. */
export function trackersApi(page: Page, baseURL: string, accessToken: string) {
  async function call<Body>(method: string, path: string, data?: unknown): Promise<Body> {
    const response = await page.request.fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      ...(data !== undefined && { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? (undefined as Body) : response.json();
  }
  return {
    createGroup: (body: { name: string; color?: string | null; description?: string | null }) =>
      call<ApiTrackerGroup>('POST', '/tracker-groups', body),
    createTracker: (body: Record<string, unknown> & { name: string }) =>
      call<ApiTracker>('POST', '/trackers', body),
    listTrackers: async () => (await call<{ items: ApiTracker[] }>('GET', '/trackers')).items,
    createLog: (body: { trackerId: string; value: string; note?: string | null; logDate?: string }) =>
      call<ApiTrackerLog>('POST', '/tracker-logs', body),
    listLogs: async (query: Record<string, string> = {}) =>
      (
        await call<{ items: ApiTrackerLog[] }>(
          'GET',
          `/tracker-logs?${new URLSearchParams({ limit: '200', ...query })}`,
        )
      ).items,
  };
}
