import { describe, expect, it } from 'vitest';
import { parseSnippet } from './snippet-parts';

describe('parseSnippet', () => {
  it('splits the marked words from the text around them', () => {
    expect(parseSnippet('plan the <mark>product</mark> launch, <mark>prod</mark>')).toEqual([
      { text: 'plan the ', isMatch: false },
      { text: 'product', isMatch: true },
      { text: ' launch, ', isMatch: false },
      { text: 'prod', isMatch: true },
    ]);
  });

  it('gives back escaped characters as text, never as markup', () => {
    expect(
      parseSnippet('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>a&#39;b</mark>'),
    ).toEqual([
      { text: '<script>alert("x")</script> & ', isMatch: false },
      { text: "a'b", isMatch: true },
    ]);
  });

  it('leaves out Markdown marks around the words, as the passage is read as one line', () => {
    expect(parseSnippet('# Goals\n\nShip the **<mark>productivity</mark>** `board`')).toEqual([
      { text: 'Goals Ship the ', isMatch: false },
      { text: 'productivity', isMatch: true },
      { text: ' board', isMatch: false },
    ]);
  });

  it('reads a snippet with no match as one piece of text', () => {
    expect(parseSnippet('just text')).toEqual([{ text: 'just text', isMatch: false }]);
    expect(parseSnippet('')).toEqual([]);
  });
});
