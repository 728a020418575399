import { useMemo } from 'react';
import { parseSnippet } from './snippet-parts';

/** A search hit's passage with the matched words highlighted, rendered as text and <mark> elements only. */
export function SearchSnippet({ snippet, className }: { snippet: string; className?: string }) {
  const parts = useMemo(() => parseSnippet(snippet), [snippet]);
  return (
    <p className={className} data-testid="note-snippet">
      {parts.map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
