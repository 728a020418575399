import { act, cleanup, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWindowedList } from './use-windowed-list';

const ROW_HEIGHT = 50;

function List({
  count,
  hasMore,
  onLoadMore,
  onKey = () => {},
}: {
  count: number;
  hasMore: boolean;
  onLoadMore: () => void;
  onKey?: () => void;
}) {
  const rows = useMemo(() => Array.from({ length: count }, (_, index) => `row-${index}`), [count]);
  const { containerRef, virtualizer, items, offsetOf } = useWindowedList<HTMLUListElement, string>({
    rows,
    keyOf: (row) => {
      onKey();
      return row;
    },
    estimateSize: () => ROW_HEIGHT,
    hasMore,
    isLoadingMore: false,
    onLoadMore,
  });
  return (
    <ul ref={containerRef} aria-label="Rows" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <li key={item.key} data-offset={offsetOf(item)}>
          Row {item.index}
        </li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  // jsdom lays nothing out: a viewport of ten rows, and no size changes to observe.
  vi.stubGlobal('innerHeight', ROW_HEIGHT * 10);
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(cleanup);

describe('useWindowedList', () => {
  it('puts only the rows near the viewport in the page, each at its offset', () => {
    render(<List count={1000} hasMore={false} onLoadMore={() => {}} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]?.textContent).toBe('Row 0');
    expect(rows[3]?.dataset.offset).toBe(String(3 * ROW_HEIGHT));
    expect(screen.getByRole('list').style.height).toBe(`${1000 * ROW_HEIGHT}px`);
  });

  it('asks for the next page when the rows in view reach the end of what is loaded', () => {
    const onLoadMore = vi.fn();
    render(<List count={20} hasMore onLoadMore={onLoadMore} />);
    expect(onLoadMore).toHaveBeenCalled();
  });

  it('renders again without going over every row while the rows stay the same', () => {
    const onKey = vi.fn();
    const { rerender } = render(<List count={5000} hasMore={false} onLoadMore={() => {}} onKey={onKey} />);
    expect(onKey.mock.calls.length).toBeGreaterThanOrEqual(5000);
    onKey.mockClear();
    // As a scroll or a parent's state does: a new render, new functions, the same rows.
    rerender(<List count={5000} hasMore onLoadMore={() => {}} onKey={onKey} />);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(10);
    expect(onKey.mock.calls.length).toBeLessThan(100);
  });

  it('asks for nothing more when the rows in view are far from the end, or there is no more', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<List count={1000} hasMore onLoadMore={onLoadMore} />);
    rerender(<List count={20} hasMore={false} onLoadMore={onLoadMore} />);
    await act(async () => {});
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
