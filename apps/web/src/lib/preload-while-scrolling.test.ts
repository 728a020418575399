import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_SETTLE_MS, skipPreloadsWhileScrolling } from './preload-while-scrolling';

type PreloadOptions = Parameters<AnyRouter['preloadRoute']>[0];

function setUp() {
  let clock = 1_000;
  const preloaded: unknown[] = [];
  const router = {
    preloadRoute: vi.fn(async (options: PreloadOptions) => {
      preloaded.push(options.to);
      return [];
    }),
  } as unknown as Pick<AnyRouter, 'preloadRoute'>;
  const target = new EventTarget() as unknown as Document;
  skipPreloadsWhileScrolling(router, target, () => clock);
  return {
    router,
    preloaded,
    advance: (ms: number) => {
      clock += ms;
    },
    scroll: () => target.dispatchEvent(new Event('scroll')),
  };
}

describe('skipPreloadsWhileScrolling', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('preloads as asked while nothing scrolls', async () => {
    const { router, preloaded } = setUp();
    await router.preloadRoute({ to: '/notebook/$noteId' } as PreloadOptions);
    expect(preloaded).toEqual(['/notebook/$noteId']);
  });

  it('drops the preloads asked for while the page scrolls, and preloads again once it has settled', async () => {
    const { router, preloaded, scroll, advance } = setUp();
    scroll();
    advance(SCROLL_SETTLE_MS - 1);
    await expect(router.preloadRoute({ to: '/tasks/$taskId' } as PreloadOptions)).resolves.toBeUndefined();
    expect(preloaded).toEqual([]);
    advance(1);
    await router.preloadRoute({ to: '/tasks/$taskId' } as PreloadOptions);
    expect(preloaded).toEqual(['/tasks/$taskId']);
  });

  it('hears a scroll inside any element, though scroll events do not bubble', async () => {
    const preloaded: unknown[] = [];
    const router = {
      preloadRoute: async (options: PreloadOptions) => {
        preloaded.push(options.to);
        return [];
      },
    } as unknown as Pick<AnyRouter, 'preloadRoute'>;
    skipPreloadsWhileScrolling(router, document, () => 5_000);
    const scroller = document.createElement('div');
    document.body.append(scroller);
    scroller.dispatchEvent(new Event('scroll', { bubbles: false }));
    await router.preloadRoute({ to: '/notebook/$noteId' } as PreloadOptions);
    expect(preloaded).toEqual([]);
  });
});
