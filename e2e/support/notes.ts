import type { Page } from '@playwright/test';

export interface ApiFolder {
  id: string;
  name: string;
  parentId: string | null;
  notesCount: number;
}

export interface ApiNote {
  id: string;
  title: string;
  content: string;
  folderId: string | null;
  isFavorite: boolean;
  archivedAt: string | null;
  deletedAt: string | null;
}

/** The notes and folders API as the signed-in test user, for arranging data and checking what was saved. */
export function notesApi(page: Page, baseURL: string, accessToken: string) {
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
    createFolder: (body: { name: string; parentId?: string | null }) =>
      call<ApiFolder>('POST', '/folders', body),
    listFolders: async () => (await call<{ items: ApiFolder[] }>('GET', '/folders')).items,
    createNote: (body: Partial<Pick<ApiNote, 'title' | 'content' | 'folderId' | 'isFavorite'>>) =>
      call<ApiNote>('POST', '/notes', body),
    getNote: (id: string) => call<ApiNote>('GET', `/notes/${id}`),
    listNotes: async (query: Record<string, string> = {}) =>
      (await call<{ items: ApiNote[] }>('GET', `/notes?${new URLSearchParams(query)}`)).items,
  };
}
