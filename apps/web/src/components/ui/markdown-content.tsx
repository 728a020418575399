import Markdown, { type Components } from 'react-markdown';

const components: Components = {
  // Links leave the app in a new tab without giving the opened page a handle on this one. A link whose
  // address the URL filter dropped (javascript: and the like) stays plain text, so clicking it does nothing.
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Markdown sits below the page's own headings, so its headings start at h3.
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h5 {...props} />,
};

/** How rendered Markdown looks wherever it is shown: links, quotes, code, lists, tables. Headings are each view's own. */
export const markdownStyles =
  'markdown-content grid gap-3 break-words leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_hr]:border-border [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5';

/**
 * Text written by the user, rendered from Markdown. Raw HTML is never rendered: react-markdown shows it
 * as text, and its default URL filter drops javascript: and other unsafe addresses.
 */
export function MarkdownContent({ source }: { source: string }) {
  return (
    <div
      className={`${markdownStyles} text-sm [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:text-base [&_h4]:font-semibold [&_h5]:font-semibold`}
    >
      <Markdown components={components}>{source}</Markdown>
    </div>
  );
}
