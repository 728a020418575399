import { NOTE_CONTENT_MAX_LENGTH } from '@cairn/contracts/notes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function newUser() {
  const { accessToken } = await signUp(t);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token: accessToken,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const created = async (url: string, payload: Body) => {
    const response = await call('POST', url, payload);
    if (response.status !== 201)
      throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { id: string; updatedAt: string } & Body;
  };
  return {
    call,
    createNote: (payload: Body) => created('/notes', payload),
    createFolder: (payload: Body) => created('/folders', payload),
    async titles(query = '') {
      const response = await call('GET', `/notes${query}`);
      if (response.status !== 200)
        throw new Error(`list: ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body.items as { title: string }[]).map((note) => note.title);
    },
  };
}

describe('writing notes', () => {
  it('creates a note with defaults and reads it back with its children and breadcrumbs', async () => {
    const api = await newUser();
    const root = await api.createNote({ title: '  Trip  ', content: '# Plan\n\nPack **light**.' });
    expect(root).toMatchObject({
      title: 'Trip',
      content: '# Plan\n\nPack **light**.',
      folderId: null,
      parentId: null,
      isFavorite: false,
      archivedAt: null,
      deletedAt: null,
    });
    const middle = await api.createNote({ title: 'Days', parentId: root.id });
    const leaf = await api.createNote({ title: 'Day 1', parentId: middle.id });
    const detail = (await api.call('GET', `/notes/${middle.id}`)).body;
    expect(detail.breadcrumbs).toEqual([{ id: root.id, title: 'Trip' }]);
    expect(detail.children).toEqual([{ id: leaf.id, title: 'Day 1', updatedAt: leaf.updatedAt }]);
    expect(
      (await api.call('GET', `/notes/${leaf.id}`)).body.breadcrumbs.map((crumb: Body) => crumb.title),
    ).toEqual(['Trip', 'Days']);
  });

  it('puts a child note in its parent’s folder unless given one, and keeps its own folder after', async () => {
    const api = await newUser();
    const work = await api.createFolder({ name: 'Work' });
    const home = await api.createFolder({ name: 'Home' });
    const parent = await api.createNote({ title: 'Parent', folderId: work.id });
    expect((await api.createNote({ title: 'Inherits', parentId: parent.id })).folderId).toBe(work.id);
    expect((await api.createNote({ title: 'Own', parentId: parent.id, folderId: home.id })).folderId).toBe(
      home.id,
    );
    expect(
      (await api.createNote({ title: 'None', parentId: parent.id, folderId: null })).folderId,
    ).toBeNull();
    // The folder listing shows every note in it; parentId=none only the top-level ones.
    expect((await api.titles(`?folderId=${work.id}`)).sort()).toEqual(['Inherits', 'Parent']);
    expect(await api.titles(`?folderId=${work.id}&parentId=none`)).toEqual(['Parent']);
    expect(await api.titles(`?parentId=${parent.id}&sort=title`)).toEqual(['Inherits', 'None', 'Own']);
    expect(await api.titles('?folderId=none&parentId=none')).toEqual([]);
  });

  it('accepts 1,000,000 characters of content and refuses one more with 400', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Big' });
    const full = `${'a'.repeat(NOTE_CONTENT_MAX_LENGTH - 1)}ż`;
    const accepted = await api.call('PATCH', `/notes/${note.id}`, { content: full });
    expect(accepted.status).toBe(200);
    expect(accepted.body.content.length).toBe(NOTE_CONTENT_MAX_LENGTH);
    const refused = await api.call('PATCH', `/notes/${note.id}`, { content: `${full}a` });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    const created = await api.call('POST', '/notes', { content: `${full}a` });
    expect(created.status).toBe(400);
    expect((await api.call('GET', `/notes/${note.id}`)).body.content).toBe(full);
  });

  it('accepts a million characters of ordinary prose, which the search index holds', async () => {
    const api = await newUser();
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const parts: string[] = [];
    let length = 0;
    for (let index = 0; length < NOTE_CONTENT_MAX_LENGTH - 20; index += 1) {
      const word = `${words[index % words.length]}${index % 997} `;
      parts.push(word);
      length += word.length;
    }
    const response = await api.call('POST', '/notes', { title: 'Prose', content: parts.join('') });
    expect(response.status).toBe(201);
  });

  it('answers content with too many distinct words to index with 400, not a server error', async () => {
    const api = await newUser();
    // Every word different: the search document would pass PostgreSQL's 1 MB limit for one tsvector.
    const content = Array.from({ length: 140_000 }, (_, index) => `w${index.toString(36)}x`).join(' ');
    const response = await api.call('POST', '/notes', {
      title: 'Words',
      content: content.slice(0, NOTE_CONTENT_MAX_LENGTH),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    const note = await api.createNote({ title: 'Words' });
    const update = await api.call('PATCH', `/notes/${note.id}`, {
      content: content.slice(0, NOTE_CONTENT_MAX_LENGTH),
    });
    expect(update.status).toBe(400);
    expect((await api.call('GET', `/notes/${note.id}`)).body.content).toBe('');
  });

  it('refuses a folder or parent of another user with 404 and one in the trash with 400', async () => {
    const api = await newUser();
    const other = await newUser();
    const theirNote = await other.createNote({ title: 'Theirs' });
    const theirFolder = await other.createFolder({ name: 'Theirs' });
    expect((await api.call('POST', '/notes', { parentId: theirNote.id })).status).toBe(404);
    expect((await api.call('POST', '/notes', { folderId: theirFolder.id })).status).toBe(404);
    const trashedNote = await api.createNote({ title: 'Gone' });
    const trashedFolder = await api.createFolder({ name: 'Gone' });
    await api.call('DELETE', `/notes/${trashedNote.id}`);
    await api.call('DELETE', `/folders/${trashedFolder.id}`);
    const underTrashedNote = await api.call('POST', '/notes', { parentId: trashedNote.id });
    expect(underTrashedNote.status).toBe(400);
    expect(underTrashedNote.body.code).toBe('INVALID_PARENT');
    const mine = await api.createNote({ title: 'Mine' });
    const intoTrashedFolder = await api.call('PATCH', `/notes/${mine.id}`, { folderId: trashedFolder.id });
    expect(intoTrashedFolder.body.code).toBe('INVALID_PARENT');
    expect((await api.call('GET', `/notes/${mine.id}`)).body.folderId).toBeNull();
  });

  it('refuses to put a note under itself or its own child note', async () => {
    const api = await newUser();
    const top = await api.createNote({ title: 'Top' });
    const child = await api.createNote({ title: 'Child', parentId: top.id });
    for (const parentId of [top.id, child.id]) {
      const response = await api.call('PATCH', `/notes/${top.id}`, { parentId });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_PARENT');
    }
    expect((await api.call('GET', `/notes/${top.id}`)).body.parentId).toBeNull();
    expect((await api.call('PATCH', `/notes/${child.id}`, { parentId: null })).body.parentId).toBeNull();
  });

  it('refuses a note tree deeper than the limit with TOO_DEEP', async () => {
    const api = await newUser();
    // A top-level note and 50 levels of child notes below it.
    let parentId: string | null = null;
    for (let level = 0; level <= 50; level += 1)
      parentId = (await api.createNote({ title: `L${level}`, parentId })).id;
    const response = await api.call('POST', '/notes', { title: 'L51', parentId });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('TOO_DEEP');
  });
});

describe('autosave without lost edits', () => {
  it('answers a stale write with 409 and the current note, and writes nothing', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Draft', content: 'v1' });
    // Two tabs hold the same version; the first save wins.
    const first = await api.call('PATCH', `/notes/${note.id}`, {
      content: 'tab A',
      baseUpdatedAt: note.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.updatedAt).not.toBe(note.updatedAt);
    const second = await api.call('PATCH', `/notes/${note.id}`, {
      content: 'tab B',
      baseUpdatedAt: note.updatedAt,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'CONFLICT',
      error: 'The note was changed elsewhere',
      current: { id: note.id, content: 'tab A', updatedAt: first.body.updatedAt },
    });
    expect((await api.call('GET', `/notes/${note.id}`)).body.content).toBe('tab A');
    // Saving again on top of the version the conflict showed goes through.
    const merged = await api.call('PATCH', `/notes/${note.id}`, {
      content: 'tab A + tab B',
      baseUpdatedAt: second.body.current.updatedAt,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.content).toBe('tab A + tab B');
  });

  it('gives every write a new version even within one millisecond', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Fast' });
    // The test clock stands still, as two saves within a millisecond would see it.
    const saves = [];
    let base = note.updatedAt;
    for (const content of ['a', 'ab', 'abc']) {
      const response = await api.call('PATCH', `/notes/${note.id}`, { content, baseUpdatedAt: base });
      expect(response.status).toBe(200);
      saves.push(response.body.updatedAt);
      base = response.body.updatedAt;
    }
    expect(new Set([note.updatedAt, ...saves]).size).toBe(4);
  });

  it('lets only one of two concurrent writes on the same version through', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Race' });
    const results = await Promise.all(
      ['one', 'two', 'three'].map((content) =>
        api.call('PATCH', `/notes/${note.id}`, { content, baseUpdatedAt: note.updatedAt }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
  });

  it('overwrites without baseUpdatedAt', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Draft', content: 'v1' });
    await api.call('PATCH', `/notes/${note.id}`, { content: 'v2' });
    const response = await api.call('PATCH', `/notes/${note.id}`, { content: 'v3', title: 'Final' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ content: 'v3', title: 'Final' });
  });

  it('answers a write to a note in the trash with 409 and the note, so the client can keep what was typed', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'Binned', content: 'kept' });
    expect((await api.call('DELETE', `/notes/${note.id}`)).status).toBe(204);
    const response = await api.call('PATCH', `/notes/${note.id}`, { content: 'typed later' });
    expect(response.status).toBe(409);
    expect(response.body.current).toMatchObject({ content: 'kept', deletedAt: expect.any(String) });
  });

  it('refuses a baseUpdatedAt that is not an instant', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'x' });
    expect(
      (await api.call('PATCH', `/notes/${note.id}`, { content: 'y', baseUpdatedAt: 'yesterday' })).status,
    ).toBe(400);
  });
});

describe('favourites, archive and trash', () => {
  it('lists live notes, favourites, the archive and the trash apart', async () => {
    const api = await newUser();
    const plain = await api.createNote({ title: 'Plain' });
    const starred = await api.createNote({ title: 'Starred' });
    const archived = await api.createNote({ title: 'Archived', isFavorite: true });
    const binned = await api.createNote({ title: 'Binned' });
    expect((await api.call('PATCH', `/notes/${starred.id}`, { isFavorite: true })).body.isFavorite).toBe(
      true,
    );
    expect((await api.call('POST', `/notes/${archived.id}/archive`)).body.archivedAt).toEqual(
      expect.any(String),
    );
    await api.call('DELETE', `/notes/${binned.id}`);
    expect((await api.titles('?sort=title')).sort()).toEqual(['Plain', 'Starred']);
    expect(await api.titles('?filter=favorites')).toEqual(['Starred']);
    expect(await api.titles('?filter=archived')).toEqual(['Archived']);
    expect(await api.titles('?filter=trash')).toEqual(['Binned']);
    expect((await api.call('POST', `/notes/${archived.id}/unarchive`)).body.archivedAt).toBeNull();
    expect(await api.titles('?filter=favorites&sort=title')).toEqual(['Archived', 'Starred']);
    expect(plain.id).toBeDefined();
  });

  it('trashes a note with its child notes and restores them together, parents first', async () => {
    const api = await newUser();
    const folder = await api.createFolder({ name: 'F' });
    const top = await api.createNote({ title: 'Top', folderId: folder.id });
    const child = await api.createNote({ title: 'Child', parentId: top.id });
    const grandchild = await api.createNote({ title: 'Grandchild', parentId: child.id });
    // Trashed on its own first: it stays in the trash when its parent comes back.
    await api.call('DELETE', `/notes/${grandchild.id}`);
    t.clock.advance(1000);
    await api.call('DELETE', `/notes/${top.id}`);
    expect((await api.titles('?filter=trash')).sort()).toEqual(['Child', 'Grandchild', 'Top']);
    t.clock.advance(1000);
    await api.call('DELETE', `/folders/${folder.id}`);
    // Restoring the child brings back its parent note and folder, but not what else was in them.
    const restored = await api.call('POST', `/notes/${child.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    expect((await api.call('GET', `/notes/${top.id}`)).body.deletedAt).toBeNull();
    expect((await api.call('GET', `/folders/${folder.id}`)).body.deletedAt).toBeNull();
    expect(await api.titles('?filter=trash')).toEqual(['Grandchild']);
  });

  it('refuses to archive or trash a note in the trash, and to purge one that is not', async () => {
    const api = await newUser();
    const note = await api.createNote({ title: 'x' });
    expect((await api.call('DELETE', `/notes/${note.id}/permanent`)).status).toBe(409);
    await api.call('DELETE', `/notes/${note.id}`);
    expect((await api.call('POST', `/notes/${note.id}/archive`)).status).toBe(409);
    expect((await api.call('DELETE', `/notes/${note.id}`)).status).toBe(409);
  });

  it('purges a note in the trash with its child notes', async () => {
    const api = await newUser();
    const top = await api.createNote({ title: 'Top' });
    const child = await api.createNote({ title: 'Child', parentId: top.id });
    await api.call('DELETE', `/notes/${top.id}`);
    expect((await api.call('DELETE', `/notes/${top.id}/permanent`)).status).toBe(204);
    expect((await api.call('GET', `/notes/${top.id}`)).status).toBe(404);
    expect((await api.call('GET', `/notes/${child.id}`)).status).toBe(404);
  });

  it('empties the trash of notes and folders, with what they hold', async () => {
    const api = await newUser();
    const folder = await api.createFolder({ name: 'Old' });
    await api.createFolder({ name: 'Older', parentId: folder.id });
    await api.createNote({ title: 'In old', folderId: folder.id });
    const loose = await api.createNote({ title: 'Loose' });
    await api.createNote({ title: 'Under loose', parentId: loose.id });
    const kept = await api.createNote({ title: 'Kept' });
    await api.call('DELETE', `/folders/${folder.id}`);
    await api.call('DELETE', `/notes/${loose.id}`);
    const response = await api.call('DELETE', '/notes/trash');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ purgedNotes: 3, purgedFolders: 2 });
    expect(await api.titles('?filter=trash')).toEqual([]);
    expect((await api.call('GET', '/folders?in=trash')).body.items).toEqual([]);
    expect((await api.call('GET', `/notes/${kept.id}`)).status).toBe(200);
  });
});

describe('listing pages', () => {
  it.each([
    ['updatedAt', ''],
    ['updatedAt', '&order=asc'],
    ['createdAt', ''],
    ['createdAt', '&order=asc'],
    ['title', ''],
    ['title', '&order=desc'],
  ])('covers every note exactly once, sorted by %s%s', async (sort, order) => {
    const api = await newUser();
    const titles = ['b', 'B', 'a', 'Ä', 'c', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const [index, title] of titles.entries()) {
      await api.createNote({ title });
      // Some notes share an instant, so the id has to break ties.
      if (index % 3 === 0) t.clock.advance(1);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/notes?sort=${sort}${order}&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await api.call('GET', query)).body;
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(titles.length);
    const all = (await api.call('GET', `/notes?sort=${sort}${order}&limit=200`)).body.items.map(
      (item: { id: string }) => item.id,
    );
    expect(seen).toEqual(all);
  });

  it('sorts newest change first by default and the trash by newest deletion', async () => {
    const api = await newUser();
    const first = await api.createNote({ title: 'first' });
    t.clock.advance(1000);
    const second = await api.createNote({ title: 'second' });
    t.clock.advance(1000);
    await api.call('PATCH', `/notes/${first.id}`, { content: 'edited' });
    expect(await api.titles()).toEqual(['first', 'second']);
    await api.call('DELETE', `/notes/${first.id}`);
    t.clock.advance(1000);
    await api.call('DELETE', `/notes/${second.id}`);
    expect(await api.titles('?filter=trash')).toEqual(['second', 'first']);
  });

  it('shows an excerpt of the content as plain text and the counts', async () => {
    const api = await newUser();
    const note = await api.createNote({
      title: 'Styled',
      content: `# Heading\n\nSome **bold** and [a link](https://example.com) and \`code\`.\n\n${'word '.repeat(100)}`,
    });
    await api.createNote({ title: 'Child', parentId: note.id });
    const archivedChild = await api.createNote({ title: 'Archived child', parentId: note.id });
    await api.call('POST', `/notes/${archivedChild.id}/archive`);
    // A stored file's row, as an upload leaves it.
    await t.database.db.execute(sql`insert into attachments
      (user_id, id, note_id, file_name, original_file_name, mime_type, file_size, storage_path)
      select user_id, gen_random_uuid(), id, 'f.txt', 'f.txt', 'text/plain', 1, 'x/f.txt' from notes where id = ${note.id}`);
    const [item] = (await api.call('GET', '/notes?parentId=none')).body.items;
    expect(item.excerpt.startsWith('Heading Some bold and a link and code. word')).toBe(true);
    expect(item.excerpt.length).toBe(200);
    expect(item).toMatchObject({ childrenCount: 1, attachmentsCount: 1 });
    expect(item).not.toHaveProperty('content');
    expect(item).not.toHaveProperty('snippet');
  });

  it('refuses a forged cursor and a folder or parent that is not the user’s', async () => {
    const api = await newUser();
    const other = await newUser();
    const theirs = await other.createFolder({ name: 'Theirs' });
    expect((await api.call('GET', '/notes?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await api.call('GET', `/notes?folderId=${theirs.id}`)).status).toBe(404);
    expect((await api.call('GET', `/notes?parentId=${theirs.id}`)).status).toBe(404);
  });
});

describe('another user’s notes', () => {
  it('answer 404 to every route and stay as they were', async () => {
    const owner = await newUser();
    const api = await newUser();
    const note = await owner.createNote({ title: 'Private', content: 'secret' });
    for (const [method, url, body] of [
      ['GET', `/notes/${note.id}`],
      ['PATCH', `/notes/${note.id}`, { content: 'mine now' }],
      ['PATCH', `/notes/${note.id}`, { content: 'mine now', baseUpdatedAt: note.updatedAt }],
      ['POST', `/notes/${note.id}/archive`],
      ['POST', `/notes/${note.id}/restore`],
      ['DELETE', `/notes/${note.id}`],
      ['DELETE', `/notes/${note.id}/permanent`],
    ] as const) {
      const response = await api.call(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await owner.call('GET', `/notes/${note.id}`)).body).toMatchObject({
      content: 'secret',
      deletedAt: null,
      archivedAt: null,
    });
  });
});
