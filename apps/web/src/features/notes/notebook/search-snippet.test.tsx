import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchSnippet } from './search-snippet';

afterEach(cleanup);

describe('SearchSnippet', () => {
  it('highlights the matched words and shows markup in the note as text', () => {
    render(<SearchSnippet snippet={'&lt;img src=x onerror=alert(1)&gt; <mark>garden</mark> plan'} />);
    const snippet = screen.getByTestId('note-snippet');
    expect(snippet.textContent).toBe('<img src=x onerror=alert(1)> garden plan');
    expect(snippet.querySelector('img')).toBeNull();
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['garden']);
  });
});
