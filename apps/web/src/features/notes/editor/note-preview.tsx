import { ImageOffIcon, PaperclipIcon } from 'lucide-react';
import { memo, type ReactNode, useEffect, useMemo, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownStyles } from '../../../components/ui/markdown-content';
import { isUuid } from '../../../lib/is-uuid';

/** How a note points at one of its attachments: `![name](attachment:<id>)`, `[name](attachment:<id>)`. */
export const ATTACHMENT_URL_PREFIX = 'attachment:';

const allowedProtocols = /^(https?|mailto|attachment)$/i;

/**
 * Which addresses a note may link to or show: http(s), mailto, its own attachments, relative paths and
 * anchors. Every other scheme (javascript:, data:, vbscript:, file:…) becomes an empty address, so a
 * link does nothing and an image loads nothing.
 */
export function noteUrlTransform(url: string): string {
  const colon = url.indexOf(':');
  const questionMark = url.indexOf('?');
  const numberSign = url.indexOf('#');
  const slash = url.indexOf('/');
  const isRelative =
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign);
  if (isRelative || allowedProtocols.test(url.slice(0, colon))) return url;
  return '';
}

/** The attachment an address names, or undefined for any other address. */
export function attachmentIdOf(url: string | undefined): string | undefined {
  if (!url?.toLowerCase().startsWith(ATTACHMENT_URL_PREFIX)) return undefined;
  const id = url.slice(ATTACHMENT_URL_PREFIX.length);
  return isUuid(id) ? id : undefined;
}

export interface AttachmentAccess {
  /** A URL the browser can show (a blob: URL of the content, fetched with the session's token). */
  resolveAttachmentUrl: (attachmentId: string) => Promise<string>;
  /** Saves the attachment's file to the user's device. */
  downloadAttachment: (attachmentId: string, fileName: string) => void;
}

interface NotePreviewProps {
  source: string;
  attachments?: AttachmentAccess;
}

/**
 * A note's Markdown, rendered. Raw HTML is never rendered (react-markdown shows it as text and no raw
 * HTML plugin is used), event-handler attributes cannot be written, and addresses pass noteUrlTransform.
 */
export const NotePreview = memo(function NotePreview({ source, attachments }: NotePreviewProps) {
  const components = useMemo(() => buildComponents(attachments), [attachments]);
  return (
    <div
      className={`${markdownStyles} [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:text-lg [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_img]:max-w-full [&_img]:rounded-md [&_input]:mr-1.5 [&_ul.contains-task-list]:list-none [&_ul.contains-task-list]:pl-1`}
    >
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={noteUrlTransform} components={components}>
        {source}
      </Markdown>
    </div>
  );
});

function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

function buildComponents(attachments: AttachmentAccess | undefined): Components {
  return {
    // The note's title is the page's h1, so the note's own headings start one level below.
    h1: ({ node: _node, ...props }) => <h2 {...props} />,
    h2: ({ node: _node, ...props }) => <h3 {...props} />,
    h3: ({ node: _node, ...props }) => <h4 {...props} />,
    h4: ({ node: _node, ...props }) => <h5 {...props} />,
    h5: ({ node: _node, ...props }) => <h6 {...props} />,
    a: ({ node: _node, href, children, ...props }) => {
      const attachmentId = attachmentIdOf(href);
      if (attachmentId) {
        return (
          <a
            {...props}
            href={`#attachment-${attachmentId}`}
            onClick={(event) => {
              event.preventDefault();
              attachments?.downloadAttachment(attachmentId, textOf(children) || 'attachment');
            }}
          >
            <PaperclipIcon className="mr-0.5 inline size-3.5 align-[-0.125em]" aria-hidden />
            {children}
          </a>
        );
      }
      // An address the filter dropped stays plain text, so clicking it does nothing.
      if (!href || href.toLowerCase().startsWith(ATTACHMENT_URL_PREFIX)) return <span>{children}</span>;
      if (href.startsWith('#'))
        return (
          <a {...props} href={href}>
            {children}
          </a>
        );
      // Links leave the app in a new tab without giving the opened page a handle on this one.
      return (
        <a {...props} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ node: _node, src, alt }) => {
      const source = typeof src === 'string' ? src : undefined;
      const attachmentId = attachmentIdOf(source);
      if (attachmentId)
        return <AttachmentImage attachmentId={attachmentId} alt={alt ?? ''} access={attachments} />;
      if (!source || source.toLowerCase().startsWith(ATTACHMENT_URL_PREFIX))
        return <MissingImage alt={alt} />;
      return <img src={source} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
    },
  };
}

function MissingImage({ alt }: { alt: string | undefined }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded border border-dashed px-2 py-1 text-sm text-muted-foreground">
      <ImageOffIcon className="size-4" aria-hidden />
      {alt ? `Image not available: ${alt}` : 'Image not available'}
    </span>
  );
}

/** An attached image, fetched with the session's token (a plain <img> cannot send it) and shown from a blob: URL. */
function AttachmentImage({
  attachmentId,
  alt,
  access,
}: {
  attachmentId: string;
  alt: string;
  access: AttachmentAccess | undefined;
}) {
  const [state, setState] = useState<{ id: string; url?: string; isFailed?: boolean }>({ id: attachmentId });

  useEffect(() => {
    if (!access) return;
    let isCurrent = true;
    access.resolveAttachmentUrl(attachmentId).then(
      (url) => isCurrent && setState({ id: attachmentId, url }),
      () => isCurrent && setState({ id: attachmentId, isFailed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [access, attachmentId]);

  if (!access || (state.id === attachmentId && state.isFailed)) return <MissingImage alt={alt} />;
  if (state.id !== attachmentId || !state.url) {
    return (
      <span
        role="img"
        aria-label={alt ? `Loading image: ${alt}` : 'Loading image'}
        className="inline-block h-24 w-40 animate-pulse rounded-md bg-muted"
      />
    );
  }
  return <img src={state.url} alt={alt} data-attachment-id={attachmentId} />;
}
