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
    return response.body as { id: string } & Body;
  };
  return {
    call,
    createNote: (payload: Body) => created('/notes', payload),
    createFolder: (payload: Body) => created('/folders', payload),
    async folderNames(query = '') {
      const response = await call('GET', `/folders${query}`);
      return (response.body.items as { name: string }[]).map((folder) => folder.name);
    },
    async noteTitles(query: string) {
      const response = await call('GET', `/notes${query}`);
      return (response.body.items as { title: string }[]).map((note) => note.title).sort();
    },
  };
}

describe('the folder tree', () => {
  it('creates, renames and moves folders, listed by name with their live notes counted', async () => {
    const api = await newUser();
    const work = await api.createFolder({ name: '  Work ' });
    expect(work).toMatchObject({ name: 'Work', parentId: null, notesCount: 0, deletedAt: null });
    const archive = await api.createFolder({ name: 'archive' });
    const projects = await api.createFolder({ name: 'Projects', parentId: work.id });
    await api.createNote({ title: 'Live', folderId: work.id });
    const archived = await api.createNote({ title: 'Archived', folderId: work.id });
    await api.call('POST', `/notes/${archived.id}/archive`);
    expect(await api.folderNames()).toEqual(['archive', 'Projects', 'Work']);
    expect((await api.call('GET', `/folders/${work.id}`)).body.notesCount).toBe(1);
    const renamed = await api.call('PATCH', `/folders/${projects.id}`, {
      name: 'Clients',
      parentId: archive.id,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Clients', parentId: archive.id });
    const toTop = await api.call('PATCH', `/folders/${projects.id}`, { parentId: null });
    expect(toTop.body.parentId).toBeNull();
  });

  it('refuses an empty or overlong name', async () => {
    const api = await newUser();
    expect((await api.call('POST', '/folders', { name: '   ' })).status).toBe(400);
    expect((await api.call('POST', '/folders', { name: 'x'.repeat(256) })).status).toBe(400);
    expect((await api.call('POST', '/folders', { name: 'x'.repeat(255) })).status).toBe(201);
  });

  it('refuses to move a folder into itself or below itself with INVALID_PARENT', async () => {
    const api = await newUser();
    const top = await api.createFolder({ name: 'Top' });
    const middle = await api.createFolder({ name: 'Middle', parentId: top.id });
    const bottom = await api.createFolder({ name: 'Bottom', parentId: middle.id });
    for (const parentId of [top.id, middle.id, bottom.id]) {
      const response = await api.call('PATCH', `/folders/${top.id}`, { parentId });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_PARENT');
    }
    expect((await api.call('GET', `/folders/${top.id}`)).body.parentId).toBeNull();
  });

  it('refuses a parent of another user with 404 and one in the trash with 400', async () => {
    const api = await newUser();
    const other = await newUser();
    const theirs = await other.createFolder({ name: 'Theirs' });
    expect((await api.call('POST', '/folders', { name: 'Mine', parentId: theirs.id })).status).toBe(404);
    const binned = await api.createFolder({ name: 'Binned' });
    await api.call('DELETE', `/folders/${binned.id}`);
    const response = await api.call('POST', '/folders', { name: 'Mine', parentId: binned.id });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_PARENT');
    expect((await api.call('PATCH', `/folders/${binned.id}`, { name: 'Renamed' })).status).toBe(409);
  });

  it('refuses a folder tree deeper than the limit with TOO_DEEP', async () => {
    const api = await newUser();
    let parentId: string | null = null;
    for (let level = 0; level <= 50; level += 1)
      parentId = (await api.createFolder({ name: `L${level}`, parentId })).id;
    const response = await api.call('POST', '/folders', { name: 'L51', parentId });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('TOO_DEEP');
  });
});

describe('folders in the trash', () => {
  it('restores exactly what was deleted with the folder', async () => {
    const api = await newUser();
    const top = await api.createFolder({ name: 'Top' });
    const sub = await api.createFolder({ name: 'Sub', parentId: top.id });
    const earlierSub = await api.createFolder({ name: 'Earlier sub', parentId: top.id });
    const elsewhere = await api.createFolder({ name: 'Elsewhere' });
    await api.createNote({ title: 'In top', folderId: top.id });
    const parent = await api.createNote({ title: 'In sub', folderId: sub.id });
    // A child note keeps its own folder, but goes to the trash with its parent.
    await api.createNote({ title: 'Child elsewhere', parentId: parent.id, folderId: elsewhere.id });
    const earlier = await api.createNote({ title: 'Trashed earlier', folderId: top.id });
    await api.createNote({ title: 'In earlier sub', folderId: earlierSub.id });
    await api.call('DELETE', `/notes/${earlier.id}`);
    await api.call('DELETE', `/folders/${earlierSub.id}`);
    t.clock.advance(1000);

    expect((await api.call('DELETE', `/folders/${top.id}`)).status).toBe(204);
    expect(await api.folderNames()).toEqual(['Elsewhere']);
    // The trash shows the folders deleted on their own, not those that went with a parent.
    expect(await api.folderNames('?in=trash')).toEqual(['Earlier sub', 'Top']);
    expect(await api.noteTitles('')).toEqual([]);
    expect(await api.noteTitles('?filter=trash')).toEqual([
      'Child elsewhere',
      'In earlier sub',
      'In sub',
      'In top',
      'Trashed earlier',
    ]);

    const restored = await api.call('POST', `/folders/${top.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deletedAt: null, notesCount: 1 });
    expect(await api.folderNames()).toEqual(['Elsewhere', 'Sub', 'Top']);
    expect(await api.folderNames('?in=trash')).toEqual(['Earlier sub']);
    expect(await api.noteTitles('')).toEqual(['Child elsewhere', 'In sub', 'In top']);
    expect(await api.noteTitles('?filter=trash')).toEqual(['In earlier sub', 'Trashed earlier']);
  });

  it('restores a subfolder into its parent, bringing back only the parent chain', async () => {
    const api = await newUser();
    const top = await api.createFolder({ name: 'Top' });
    const sub = await api.createFolder({ name: 'Sub', parentId: top.id });
    await api.createNote({ title: 'In top', folderId: top.id });
    await api.createNote({ title: 'In sub', folderId: sub.id });
    await api.call('DELETE', `/folders/${top.id}`);
    const restored = await api.call('POST', `/folders/${sub.id}/restore`);
    expect(restored.body).toMatchObject({ deletedAt: null, parentId: top.id });
    expect(await api.folderNames()).toEqual(['Sub', 'Top']);
    expect(await api.noteTitles('')).toEqual(['In sub']);
    expect(await api.noteTitles('?filter=trash')).toEqual(['In top']);
  });

  it('purges only from the trash, with the folders and notes inside', async () => {
    const api = await newUser();
    const top = await api.createFolder({ name: 'Top' });
    const sub = await api.createFolder({ name: 'Sub', parentId: top.id });
    const note = await api.createNote({ title: 'In sub', folderId: sub.id });
    const kept = await api.createNote({ title: 'Kept' });
    expect((await api.call('DELETE', `/folders/${top.id}/permanent`)).status).toBe(409);
    await api.call('DELETE', `/folders/${top.id}`);
    expect((await api.call('DELETE', `/folders/${top.id}`)).status).toBe(409);
    expect((await api.call('DELETE', `/folders/${top.id}/permanent`)).status).toBe(204);
    for (const url of [`/folders/${top.id}`, `/folders/${sub.id}`, `/notes/${note.id}`]) {
      expect((await api.call('GET', url)).status, url).toBe(404);
    }
    expect((await api.call('GET', `/notes/${kept.id}`)).status).toBe(200);
  });

  it('answers 404 for another user’s folder on every route, changing nothing', async () => {
    const owner = await newUser();
    const api = await newUser();
    const folder = await owner.createFolder({ name: 'Private' });
    for (const [method, url, body] of [
      ['GET', `/folders/${folder.id}`],
      ['PATCH', `/folders/${folder.id}`, { name: 'Mine' }],
      ['DELETE', `/folders/${folder.id}`],
      ['POST', `/folders/${folder.id}/restore`],
      ['DELETE', `/folders/${folder.id}/permanent`],
      ['GET', `/notes?folderId=${folder.id}`],
    ] as const) {
      const response = await api.call(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect((await owner.call('GET', `/folders/${folder.id}`)).body).toMatchObject({
      name: 'Private',
      deletedAt: null,
    });
  });
});
