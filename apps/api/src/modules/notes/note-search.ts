import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Full-text search over notes, the same on PostgreSQL and the embedded database.
 *
 * The query text goes through the same `simple` configuration as the notes (to_tsvector), so words
 * split exactly as they do in the index, whatever the language; each resulting word becomes a prefix
 * term (`word:*`) and all must match. The terms are assembled in SQL from the configuration's own
 * words and quoted as tsquery lexemes, so nothing the user types is ever read as a tsquery operator;
 * a query of only punctuation yields no words, a null query, and no hits.
 *
 * Search pages use an offset cursor: a ranked listing has to score every hit before it can return
 * the first page anyway, and ranks are floats that do not survive a round trip through a cursor
 * exactly, so a keyset over them could skip or repeat hits.
 */

/** The tsquery for `text`: every word of it as a prefix, all required; null when it has no words. */
export function prefixQuery(text: string): SQL {
  return sql`(select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')::tsquery
    from unnest(to_tsvector('simple', ${text})))`;
}

/**
 * Markers that wrap each matched word in the database's headline. They carry a random part, so text
 * in a note can never pose as one; the headline is HTML-escaped before they become <mark> tags.
 */
export type HighlightMarkers = { start: string; stop: string };

export function createHighlightMarkers(): HighlightMarkers {
  const nonce = randomBytes(8).toString('hex');
  return { start: `\u0001${nonce}s`, stop: `\u0001${nonce}e` };
}

/**
 * ts_headline's options: the best two passages, each matched word between the markers. Markers are
 * letters and digits after a control character, so they need no quoting in the options.
 */
export function headlineOptions(markers: HighlightMarkers): string {
  return `StartSel=${markers.start}, StopSel=${markers.stop}, MaxWords=30, MinWords=10, MaxFragments=2`;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** The headline as HTML: all of its text escaped, and only the matched words marked up. */
export function toSnippetHtml(headlineText: string, markers: HighlightMarkers): string {
  return escapeHtml(headlineText)
    .split(markers.start)
    .join('<mark>')
    .split(markers.stop)
    .join('</mark>')
    .trim();
}

export const EXCERPT_LENGTH = 200;
/** How much of the content the database hands over for an excerpt: Markdown syntax takes room. */
export const EXCERPT_SOURCE_LENGTH = 400;

/**
 * The start of a note's Markdown as plain text for a listing: syntax removed, whitespace collapsed,
 * at most 200 characters (whole code points, so no emoji is cut in half).
 */
export function toExcerpt(markdown: string): string {
  const known = excerpts.get(markdown);
  if (known !== undefined) return known;
  const excerpt = computeExcerpt(markdown);
  // Oldest first out: a Map keeps insertion order.
  if (excerpts.size >= MAX_KEPT_EXCERPTS) excerpts.delete(excerpts.keys().next().value as string);
  excerpts.set(markdown, excerpt);
  return excerpt;
}

/**
 * Excerpts already made, by the Markdown they come from: a listing shows the same notes again and again,
 * and a score of regular expressions over each one's start costs more than the rest of its row. Bounded;
 * each entry is at most EXCERPT_SOURCE_LENGTH characters and its excerpt.
 */
const MAX_KEPT_EXCERPTS = 5000;
const excerpts = new Map<string, string>();

function computeExcerpt(markdown: string): string {
  const text = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>+\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\*(?=\S)([^*\n]*?\S)\*/g, '$1')
    // Underscores inside a word (snake_case) are not emphasis.
    .replace(/(^|\W)__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1$2')
    .replace(/(^|\W)_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2')
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length > EXCERPT_LENGTH ? characters.slice(0, EXCERPT_LENGTH).join('') : text;
}
