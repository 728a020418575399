import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { skipPreloadsWhileScrolling } from './preload-while-scrolling';

type PreloadOptions = Parameters<AnyRouter['preloadRoute']>[0];

/** A router whose preloads are recorded, wrapped to hear `target`'s events (a bare target by default). */
function setUp(target: Document = new EventTarget() as unknown as Document) {
  const preloaded: unknown[] = [];
  const router = {
    preloadRoute: async (options: PreloadOptions) => {
      preloaded.push(options.to);
      return [];
    },
  } as unknown as Pick<AnyRouter, 'preloadRoute'>;
  skipPreloadsWhileScrolling(router, target);
  const send = (event: Event) => target.dispatchEvent(event);
  const pointerAt = (x: number, y: number) =>
    send(Object.assign(new Event('pointermove'), { clientX: x, clientY: y }));
  const preload = (to: string) => router.preloadRoute({ to } as PreloadOptions);
  return { preloaded, send, pointerAt, preload };
}

describe('skipPreloadsWhileScrolling', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('preloads as asked while nothing scrolls', async () => {
    const { preloaded, preload } = setUp();
    await preload('/notebook/$noteId');
    expect(preloaded).toEqual(['/notebook/$noteId']);
  });

  it('drops preloads once the page scrolls, until the pointer moves', async () => {
    const { preloaded, send, pointerAt, preload } = setUp();
    pointerAt(100, 200);
    send(new Event('scroll'));
    await expect(preload('/tasks/$taskId')).resolves.toBeUndefined();
    // The move a browser may send when content scrolls under a still pointer is no move.
    pointerAt(100, 200);
    await preload('/tasks/$taskId');
    expect(preloaded).toEqual([]);
    pointerAt(100, 230);
    await preload('/tasks/$taskId');
    expect(preloaded).toEqual(['/tasks/$taskId']);
  });

  it('takes a key or a touch as the user acting again', async () => {
    const { preloaded, send, preload } = setUp();
    send(new Event('scroll'));
    send(new Event('keydown'));
    await preload('/kanban');
    send(new Event('scroll'));
    send(new Event('pointerdown'));
    await preload('/notebook');
    expect(preloaded).toEqual(['/kanban', '/notebook']);
  });

  it('hears a scroll inside any element, though scroll events do not bubble', async () => {
    const { preloaded, preload } = setUp(document);
    const scroller = document.createElement('div');
    document.body.append(scroller);
    scroller.dispatchEvent(new Event('scroll', { bubbles: false }));
    await preload('/notebook/$noteId');
    expect(preloaded).toEqual([]);
  });
});
