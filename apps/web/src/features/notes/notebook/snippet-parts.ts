/** A piece of a search snippet: plain text, or a word the search matched. */
export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Turns the server's escaping back into the characters the note holds. */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Markdown marks that mean nothing in a one-line passage (emphasis, code ticks, heading hashes). */
function withoutMarkdownMarks(text: string): string {
  return text
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|\n)\s{0,3}#{1,6}\s+/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * Reads a search snippet (HTML-escaped text whose only markup is <mark>…</mark>) into parts to render
 * as text and <mark> elements, so nothing in a note can ever become markup on the page.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let isMatch = false;
  for (const piece of snippet.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') isMatch = true;
    else if (piece === '</mark>') isMatch = false;
    else if (piece !== '') {
      const text = isMatch ? unescapeHtml(piece) : withoutMarkdownMarks(unescapeHtml(piece));
      if (text !== '') parts.push({ text, isMatch });
    }
  }
  return parts;
}
