import { describe, expect, it } from 'vitest';
import { createHighlightMarkers, escapeHtml, toExcerpt, toSnippetHtml } from './note-search';

describe('toExcerpt', () => {
  it.each([
    ['# Title\n\nBody text', 'Title Body text'],
    ['Some **bold**, __strong__, *em*, _em_ and ~~gone~~ text', 'Some bold, strong, em, em and gone text'],
    ['snake_case_name and 2 * 3 * 4 stay', 'snake_case_name and 2 * 3 * 4 stay'],
    ['[a link](https://example.com) and ![a picture](cat.png)', 'a link and a picture'],
    ['> quoted\n> more', 'quoted more'],
    ['- one\n- two\n1. three\n- [x] done', 'one two three done'],
    ['```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['Use `npm test` here', 'Use npm test here'],
    ['| a | b |\n| --- | --- |\n| 1 | 2 |', 'a b 1 2'],
    ['<div>html</div> kept as text', 'html kept as text'],
    ['line one\n\n\n   line two', 'line one line two'],
    ['', ''],
  ])('%j → %j', (markdown, excerpt) => {
    expect(toExcerpt(markdown)).toBe(excerpt);
  });

  it('keeps at most 200 characters, never half an emoji', () => {
    expect(toExcerpt('word '.repeat(100))).toHaveLength(200);
    const emoji = toExcerpt('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).toBe('😀'.repeat(200));
  });
});

describe('toSnippetHtml', () => {
  it('escapes the text and turns only the markers into <mark> tags', () => {
    const markers = createHighlightMarkers();
    const headline = `<b>Tom</b> & "Jerry" ${markers.start}cat's${markers.stop} <mark>fake</mark>`;
    expect(toSnippetHtml(headline, markers)).toBe(
      '&lt;b&gt;Tom&lt;/b&gt; &amp; &quot;Jerry&quot; <mark>cat&#39;s</mark> &lt;mark&gt;fake&lt;/mark&gt;',
    );
  });

  it('gives each search its own markers', () => {
    expect(createHighlightMarkers().start).not.toBe(createHighlightMarkers().start);
  });

  it('escapes every character HTML gives a meaning to', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
