import type { Note } from '@cairn/contracts/notes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type NoteFields, NoteSaver, type WriteResult } from './note-saver';

const start = new Date('2026-11-25T10:00:00.000Z');

function buildNote(overrides: Partial<Note> = {}): Note {
  return {
    id: '6f1c1f0e-3c55-4c1b-9a51-0d1a8d3c9f10',
    title: 'Trip',
    content: 'Pack',
    folderId: null,
    parentId: null,
    isFavorite: false,
    archivedAt: null,
    deletedAt: null,
    createdAt: start,
    updatedAt: start,
    ...overrides,
  };
}

interface Call {
  fields: NoteFields;
  baseUpdatedAt: Date;
  resolve: (result: WriteResult) => void;
  reject: (error: unknown) => void;
}

/** A server the test answers by hand, one write at a time. */
function createServer() {
  const calls: Call[] = [];
  let version = start.getTime();
  const write = (fields: NoteFields, baseUpdatedAt: Date) =>
    new Promise<WriteResult>((resolve, reject) => {
      calls.push({ fields, baseUpdatedAt, resolve, reject });
    });
  const answerSaved = (call: Call | undefined) => {
    if (!call) throw new Error('no write was sent');
    version += 1000;
    const note = buildNote({ ...call.fields, updatedAt: new Date(version) });
    call.resolve({ kind: 'saved', note });
    return note;
  };
  return { calls, write, answerSaved };
}

function createSaver(server: ReturnType<typeof createServer>) {
  return new NoteSaver({
    initial: { title: 'Trip', content: 'Pack', updatedAt: start },
    write: server.write,
    describeError: (error) => (error instanceof Error ? error.message : 'unknown'),
    debounceMs: 800,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('NoteSaver', () => {
  it('saves once typing pauses, based on the version it loaded', async () => {
    const server = createServer();
    const saver = createSaver(server);

    saver.edit({ content: 'Pack s' });
    await vi.advanceTimersByTimeAsync(500);
    saver.edit({ content: 'Pack socks' });
    expect(saver.getState().status.kind).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(799);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.fields).toEqual({ title: 'Trip', content: 'Pack socks' });
    expect(server.calls[0]?.baseUpdatedAt).toEqual(start);
    expect(saver.getState().status.kind).toBe('saving');

    server.answerSaved(server.calls[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status.kind).toBe('saved');
    expect(saver.hasUnsavedChanges()).toBe(false);
  });

  it('keeps one save in flight; the next carries the version the previous one answered', async () => {
    const server = createServer();
    const saver = createSaver(server);

    saver.edit({ content: 'one' });
    void saver.flush();
    saver.edit({ content: 'one two' });
    void saver.flush();
    saver.edit({ title: 'Trip to Oslo' });
    void saver.flush();
    expect(server.calls).toHaveLength(1);
    expect(saver.getState().status.kind).toBe('saving');

    const first = server.answerSaved(server.calls[0]);
    await vi.advanceTimersByTimeAsync(0);

    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.fields).toEqual({ title: 'Trip to Oslo', content: 'one two' });
    expect(server.calls[1]?.baseUpdatedAt).toEqual(first.updatedAt);
    const second = server.answerSaved(server.calls[1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState()).toMatchObject({ status: { kind: 'saved' }, baseUpdatedAt: second.updatedAt });
  });

  it('saves text typed during a save after the next pause', async () => {
    const server = createServer();
    const saver = createSaver(server);

    saver.edit({ content: 'a' });
    await vi.advanceTimersByTimeAsync(800);
    saver.edit({ content: 'ab' });
    server.answerSaved(server.calls[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status.kind).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(800);

    expect(server.calls.map((call) => call.fields.content)).toEqual(['a', 'ab']);
  });

  it('reports a stale write as a conflict and sends nothing more until it is resolved', async () => {
    const server = createServer();
    const saver = createSaver(server);
    const theirs = buildNote({ content: 'Pack boots', updatedAt: new Date('2026-11-25T11:00:00Z') });

    saver.edit({ content: 'Pack socks' });
    void saver.flush();
    server.calls[0]?.resolve({ kind: 'conflict', current: theirs });
    await vi.advanceTimersByTimeAsync(0);

    expect(saver.getState().status).toEqual({ kind: 'conflict', theirs });
    saver.edit({ content: 'Pack socks and a hat' });
    await vi.advanceTimersByTimeAsync(5000);
    await saver.flush();
    expect(server.calls).toHaveLength(1);
    // What the user typed is still there.
    expect(saver.getState().fields.content).toBe('Pack socks and a hat');
    expect(saver.hasUnsavedChanges()).toBe(true);
  });

  it('keeps mine: writes the local text based on their version', async () => {
    const server = createServer();
    const saver = createSaver(server);
    const theirs = buildNote({ content: 'Pack boots', updatedAt: new Date('2026-11-25T11:00:00Z') });
    saver.edit({ content: 'Pack socks' });
    void saver.flush();
    server.calls[0]?.resolve({ kind: 'conflict', current: theirs });
    await vi.advanceTimersByTimeAsync(0);

    void saver.overwrite();

    expect(server.calls[1]?.fields.content).toBe('Pack socks');
    expect(server.calls[1]?.baseUpdatedAt).toEqual(theirs.updatedAt);
    server.answerSaved(server.calls[1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status.kind).toBe('saved');
  });

  it('takes theirs: the editor shows their text and sends nothing', async () => {
    const server = createServer();
    const saver = createSaver(server);
    const theirs = buildNote({
      title: 'Oslo',
      content: 'Pack boots',
      updatedAt: new Date('2026-11-25T11:00:00Z'),
    });
    saver.edit({ content: 'Pack socks' });
    void saver.flush();
    server.calls[0]?.resolve({ kind: 'conflict', current: theirs });
    await vi.advanceTimersByTimeAsync(0);

    saver.takeTheirs();

    expect(saver.getState()).toEqual({
      status: { kind: 'saved' },
      fields: { title: 'Oslo', content: 'Pack boots' },
      baseUpdatedAt: theirs.updatedAt,
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
  });

  it('merges: saves the text the user settled on, based on their version', async () => {
    const server = createServer();
    const saver = createSaver(server);
    const theirs = buildNote({ content: 'Pack boots', updatedAt: new Date('2026-11-25T11:00:00Z') });
    saver.edit({ content: 'Pack socks' });
    void saver.flush();
    server.calls[0]?.resolve({ kind: 'conflict', current: theirs });
    await vi.advanceTimersByTimeAsync(0);

    void saver.resolveWith({ title: 'Trip', content: 'Pack socks and boots' });

    expect(server.calls[1]).toMatchObject({
      fields: { title: 'Trip', content: 'Pack socks and boots' },
      baseUpdatedAt: theirs.updatedAt,
    });
  });

  it('shows a failed save with its reason, keeps the text, and saves again on retry', async () => {
    const server = createServer();
    const saver = createSaver(server);
    saver.edit({ content: 'Pack socks' });
    void saver.flush();
    server.calls[0]?.reject(new Error('You are offline'));
    await vi.advanceTimersByTimeAsync(0);

    expect(saver.getState().status).toEqual({ kind: 'failed', reason: 'You are offline' });
    expect(saver.hasUnsavedChanges()).toBe(true);

    void saver.flush();
    expect(server.calls[1]?.fields.content).toBe('Pack socks');
    expect(server.calls[1]?.baseUpdatedAt).toEqual(start);
  });

  it('does not write when the text is back to what the server has', async () => {
    const server = createServer();
    const saver = createSaver(server);
    saver.edit({ content: 'Pack!' });
    saver.edit({ content: 'Pack' });

    expect(saver.getState().status.kind).toBe('saved');
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(0);
  });

  it('moves its base on when only other fields of the note changed, even with unsaved text', async () => {
    const server = createServer();
    const saver = createSaver(server);
    saver.edit({ content: 'Pack socks' });
    const favorited = new Date('2026-11-25T10:30:00Z');

    expect(saver.acceptServerVersion({ title: 'Trip', content: 'Pack', updatedAt: favorited })).toBe(false);
    await vi.advanceTimersByTimeAsync(800);

    expect(server.calls[0]).toMatchObject({ fields: { content: 'Pack socks' }, baseUpdatedAt: favorited });
  });

  it('shows a newer text from elsewhere when nothing here is unsaved, and never replaces unsaved text', () => {
    const server = createServer();
    const saver = createSaver(server);
    const later = new Date('2026-11-25T10:30:00Z');

    expect(saver.acceptServerVersion({ title: 'Trip', content: 'Pack boots', updatedAt: later })).toBe(true);
    expect(saver.getState()).toMatchObject({ fields: { content: 'Pack boots' }, baseUpdatedAt: later });

    saver.edit({ content: 'Pack boots and socks' });
    const evenLater = new Date('2026-11-25T11:00:00Z');
    expect(saver.acceptServerVersion({ title: 'Trip', content: 'Other', updatedAt: evenLater })).toBe(false);
    expect(saver.getState()).toMatchObject({
      fields: { content: 'Pack boots and socks' },
      baseUpdatedAt: later,
    });
  });

  it('restores kept text on the version it was typed on, so a newer server version shows as a conflict', async () => {
    const server = createServer();
    const saver = createSaver(server);
    const older = new Date('2026-11-25T09:00:00Z');

    void saver.restore({ title: 'Trip', content: 'Pack' }, older);

    // Sent even though the text equals the loaded one: only the server can tell whether it is stale.
    expect(server.calls[0]).toMatchObject({ fields: { content: 'Pack' }, baseUpdatedAt: older });
    const current = buildNote({ content: 'Pack boots' });
    server.calls[0]?.resolve({ kind: 'conflict', current });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState().status).toEqual({ kind: 'conflict', theirs: current });
  });

  it('tells its listeners about each change, with one state object until the next', () => {
    const server = createServer();
    const saver = createSaver(server);
    const seen: string[] = [];
    const stop = saver.subscribe((state) => seen.push(state.status.kind));
    const before = saver.getState();

    expect(saver.getState()).toBe(before);
    saver.edit({ content: 'x' });
    stop();
    saver.edit({ content: 'y' });

    expect(seen).toEqual(['unsaved']);
    expect(saver.getState()).not.toBe(before);
  });
});
