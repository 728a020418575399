import type { Page } from '@playwright/test';

export interface ApiCsvColumn {
  key: string;
  label: string;
  defaultLabel: string;
  enabled: boolean;
  order: number;
}

export interface ApiWorklogProject {
  id: string;
  name: string;
  client: string | null;
  endedAt: string | null;
  csvExportConfig: {
    columns: ApiCsvColumn[];
    defaultFilename: string;
    lastUsedPreset: string | null;
    presets: { name: string; columns: ApiCsvColumn[] }[];
  };
}

export interface ApiWorklogCategory {
  id: string;
  name: string;
  breaksMultiplier: string;
}

export interface ApiWorklog {
  id: string;
  projectId: string;
  categoryId: string | null;
  taskId: string | null;
  taskName: string;
  taskUrl: string | null;
  pullRequestUrl: string | null;
  description: string;
  workDate: string;
  startTime: string | null;
  endTime: string | null;
  crossesMidnight: boolean;
  duration: number;
  breaksMultiplier: string;
  durationWithBreaks: string;
  overlapsWith: string[];
}

export interface ApiWorklogTimer {
  projectId: string;
  categoryId: string | null;
  taskId: string | null;
  description: string;
  startedAt: string;
}

/** The work log API as the signed-in test user, for arranging data and checking what was saved. */
export function worklogsApi(page: Page, baseURL: string, accessToken: string) {
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
    createProject: (body: { name: string; client?: string | null }) =>
      call<ApiWorklogProject>('POST', '/worklogs/projects', body),
    getProject: (id: string) => call<ApiWorklogProject>('GET', `/worklogs/projects/${id}`),
    createCategory: (body: { name: string; breaksMultiplier?: string }) =>
      call<ApiWorklogCategory>('POST', '/worklogs/categories', body),
    createEntry: (body: Record<string, unknown>) => call<ApiWorklog>('POST', '/worklogs', body),
    listEntries: async (query: Record<string, string> = {}) =>
      (
        await call<{ items: ApiWorklog[] }>(
          'GET',
          `/worklogs?${new URLSearchParams({ limit: '500', ...query })}`,
        )
      ).items,
    getTimer: async () => (await call<{ timer: ApiWorklogTimer | null }>('GET', '/worklogs/timer')).timer,
    createTask: (body: { title: string; parentId?: string }) =>
      call<{ id: string; title: string }>('POST', '/tasks', body),
  };
}

/** Today in the browser's time zone (the app's "today"), YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/**
 * Reads CSV text as RFC 4180 has it: quoted fields may hold commas, doubled quotes and line breaks.
 * A byte order mark at the start is skipped; the last line's break is optional.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      isQuoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
