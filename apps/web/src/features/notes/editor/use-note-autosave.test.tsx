import type { NoteDetail } from '@cairn/contracts/notes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteKeys } from '../api/note-keys';
import { useNoteAutosave } from './use-note-autosave';

const noteId = '0190a5c4-3333-7000-8000-000000000001';
const loadedAt = '2026-11-25T10:00:00.000Z';
const theirsAt = '2026-11-25T11:00:00.000Z';

/** The note as the API sends it (instants as text). */
const wireNote = (content: string, updatedAt: string) => ({
  id: noteId,
  title: 'Trip',
  content,
  folderId: null,
  parentId: null,
  isFavorite: false,
  archivedAt: null,
  deletedAt: null,
  createdAt: loadedAt,
  updatedAt,
});

const loaded: NoteDetail = {
  ...wireNote('Pack', loadedAt),
  createdAt: new Date(loadedAt),
  updatedAt: new Date(loadedAt),
  children: [],
  breadcrumbs: [],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API, answering a note's PATCH and GET as told; it keeps each call it gets. */
function stubApi(answers: { patch: () => Response; get: () => Response }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: new URL(String(input)).pathname, body });
      return method === 'PATCH' ? answers.patch() : answers.get();
    }),
  );
  return calls;
}

let queryClient: QueryClient;

function renderAutosave() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useNoteAutosave(loaded), { wrapper });
}

/** Types into the editor and saves at once, as leaving the page does. */
async function typeAndSave(result: ReturnType<typeof renderAutosave>['result'], content: string) {
  await act(async () => {
    result.current.saver.edit({ content });
    await result.current.saver.flush();
  });
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(noteKeys.detail(noteId), loaded);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useNoteAutosave on a stale save', () => {
  it('shows the conflict with the note the 409 carried, without asking for the note again', async () => {
    const calls = stubApi({
      patch: () =>
        json(409, {
          error: 'The note was changed elsewhere',
          code: 'CONFLICT',
          current: wireNote('Pack boots', theirsAt),
        }),
      get: () => json(500, { error: 'Should not be asked', code: 'INTERNAL_ERROR' }),
    });
    const { result } = renderAutosave();

    await typeAndSave(result, 'Pack socks');

    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/notes/${noteId}`,
        body: { title: 'Trip', content: 'Pack socks', baseUpdatedAt: loadedAt },
      },
    ]);
    expect(result.current.state.status).toEqual({
      kind: 'conflict',
      theirs: {
        ...wireNote('Pack boots', theirsAt),
        createdAt: new Date(loadedAt),
        updatedAt: new Date(theirsAt),
      },
    });
    // What the user typed stays in the editor, and the page's cached note is the server's.
    expect(result.current.state.fields.content).toBe('Pack socks');
    expect(queryClient.getQueryData<NoteDetail>(noteKeys.detail(noteId))).toMatchObject({
      content: 'Pack boots',
      updatedAt: new Date(theirsAt),
    });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('asks for the note again when the 409 does not carry it as its contract says, and reports that', async () => {
    const calls = stubApi({
      patch: () => json(409, { error: 'The note was changed elsewhere', code: 'CONFLICT' }),
      get: () => json(200, { ...wireNote('Pack boots', theirsAt), children: [], breadcrumbs: [] }),
    });
    const { result } = renderAutosave();

    await typeAndSave(result, 'Pack socks');

    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `PATCH /api/v1/notes/${noteId}`,
      `GET /api/v1/notes/${noteId}`,
    ]);
    expect(result.current.state.status).toMatchObject({
      kind: 'conflict',
      theirs: { content: 'Pack boots', updatedAt: new Date(theirsAt) },
    });
    expect(console.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'SchemaValidationError', message: expect.stringContaining('current') }),
    );
  });

  it('shows another refusal as a failed save, not as a conflict', async () => {
    const calls = stubApi({
      patch: () => json(404, { error: 'Note not found', code: 'NOT_FOUND' }),
      get: () => json(500, { error: 'Should not be asked', code: 'INTERNAL_ERROR' }),
    });
    const { result } = renderAutosave();

    await typeAndSave(result, 'Pack socks');

    expect(calls).toHaveLength(1);
    expect(result.current.state.status).toEqual({ kind: 'failed', reason: 'Note not found' });
  });
});
