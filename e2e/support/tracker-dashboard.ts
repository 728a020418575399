import type { Page } from '@playwright/test';

export interface ApiDashboardTracker {
  id: string;
  name: string;
}

export interface ApiDashboardChart {
  id: string;
  name: string;
  chartType: 'bar' | 'timeSeries' | 'scatter';
  position: string;
  size: string;
  config: { trackerIds: string[]; timeRange: string; aggregation: string; colorScheme: string };
}

/** The trackers and dashboard API as the signed-in test user: arranging trackers and logs, reading the layout. */
export function trackerDashboardApi(page: Page, baseURL: string, accessToken: string) {
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
    createTracker: (body: Record<string, unknown> & { name: string }) =>
      call<ApiDashboardTracker>('POST', '/trackers', body),
    createLog: (body: { trackerId: string; value: string; logDate?: string }) =>
      call<{ id: string }>('POST', '/tracker-logs', body),
    createChart: (body: Omit<ApiDashboardChart, 'id'>) =>
      call<ApiDashboardChart>('POST', '/tracker-dashboard', body),
    listCharts: async () => (await call<{ items: ApiDashboardChart[] }>('GET', '/tracker-dashboard')).items,
  };
}

/** Noon of the day `daysAgo` days before now, as an instant: the same calendar day in any nearby zone. */
export function daysAgoAtNoon(daysAgo: number, now: Date = new Date()): string {
  const day = new Date(now.getTime() - daysAgo * 86_400_000);
  day.setUTCHours(12, 0, 0, 0);
  return day.toISOString();
}
