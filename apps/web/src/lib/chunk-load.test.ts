import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_DELAY_MS, isChunkLoadError, scheduleChunkReload } from './chunk-load';

describe('scheduleChunkReload', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('reloads once per session, after the delay', () => {
    vi.useFakeTimers();
    const reload = vi.fn();

    expect(scheduleChunkReload(reload)).toBe(true);
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(scheduleChunkReload(reload)).toBe(false);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/a.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Something else'), 'Failed to fetch dynamically imported module'])(
    'ignores %s',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});
