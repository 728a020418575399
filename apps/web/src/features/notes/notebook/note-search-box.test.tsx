import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoteSearchBox, SEARCH_DEBOUNCE_MS } from './note-search-box';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderBox(value?: string) {
  const onSearch = vi.fn();
  const view = render(<NoteSearchBox value={value} isSearching={false} onSearch={onSearch} />);
  return { onSearch, view, field: screen.getByLabelText('Search notes') as HTMLInputElement };
}

const type = (field: HTMLInputElement, text: string) => fireEvent.change(field, { target: { value: text } });

describe('NoteSearchBox', () => {
  it('searches once the typing pauses, with the text trimmed', () => {
    const { onSearch, field } = renderBox();
    type(field, 'pro');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    type(field, 'prod ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('prod');
  });

  it('clears the search at once with Escape or the clear button', () => {
    const { onSearch, field } = renderBox('plan');
    expect(field.value).toBe('plan');

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith(undefined);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);

    type(field, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(field.value).toBe('');
  });

  it('"/" jumps to the search, except while typing somewhere else', () => {
    const { field } = renderBox();
    const other = document.body.appendChild(document.createElement('textarea'));
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);

    other.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(field);
    other.remove();
  });

  it('shows a search changed elsewhere (Back, a link) without searching again', () => {
    const { onSearch, view, field } = renderBox('first');
    view.rerender(<NoteSearchBox value="second" isSearching={false} onSearch={onSearch} />);
    expect(field.value).toBe('second');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
