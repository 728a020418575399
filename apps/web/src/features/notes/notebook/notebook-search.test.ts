import { noteFilters, noteSorts } from '@cairn/contracts/notes';
import { describe, expect, it } from 'vitest';
import { toNoteListParams } from './note-list-params';
import { notebookSearchSchema } from './notebook-search';

const FOLDER = '0190a5c4-3333-7000-8000-000000000001';

describe('notebookSearchSchema', () => {
  it('reads every filter and sort of the contract', () => {
    for (const filter of noteFilters.filter((entry) => entry !== 'all')) {
      expect(notebookSearchSchema({ filter })).toEqual({ filter });
    }
    for (const sort of noteSorts) expect(notebookSearchSchema({ sort })).toEqual({ sort });
  });

  it('keeps valid values and leaves out the rest', () => {
    expect(
      notebookSearchSchema({
        folder: FOLDER,
        filter: 'favorites',
        q: '  plan  ',
        sort: 'title',
        order: 'desc',
      }),
    ).toEqual({ folder: FOLDER, filter: 'favorites', q: 'plan', sort: 'title', order: 'desc' });
    expect(
      notebookSearchSchema({ folder: 'nope', filter: 'all', q: '   ', sort: 'size', order: 'up', other: 1 }),
    ).toEqual({});
    expect(notebookSearchSchema({ q: 'x'.repeat(201) })).toEqual({});
  });
});

describe('toNoteListParams', () => {
  it.each([
    [{}, {}],
    [{ folder: FOLDER }, { folderId: FOLDER }],
    [
      { folder: FOLDER, sort: 'title' as const },
      { folderId: FOLDER, sort: 'title', order: 'asc' },
    ],
    [{ sort: 'createdAt' as const }, { sort: 'createdAt', order: 'desc' }],
    [{ filter: 'favorites' as const, folder: FOLDER }, { filter: 'favorites' }],
    // A search looks through every folder, ranked by relevance: the sort does not apply.
    [{ folder: FOLDER, q: 'plan', sort: 'title' as const }, { q: 'plan' }],
    [
      { filter: 'archived' as const, q: 'plan' },
      { filter: 'archived', q: 'plan' },
    ],
    [{ filter: 'trash' as const, sort: 'title' as const }, { filter: 'trash' }],
  ])('%j lists %j', (search, params) => {
    expect(toNoteListParams(search)).toEqual(params);
  });
});
