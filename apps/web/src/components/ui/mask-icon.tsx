import type { LucideIcon, LucideProps } from 'lucide-react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** A lucide icon's picture, kept as a CSS mask under a class of its own, for `MaskIcon`. */
export type MaskImage = { readonly className: string };

let sheet: CSSStyleSheet | undefined;
let made = 0;

/** The page's one style sheet of icon masks, made on first use. */
function maskSheet(): CSSStyleSheet {
  if (!sheet) {
    const element = document.createElement('style');
    element.dataset.maskIcons = '';
    document.head.append(element);
    if (!element.sheet) throw new Error('The icon style sheet could not be made');
    sheet = element.sheet;
  }
  return sheet;
}

/**
 * Draws a lucide icon once, off the page, and keeps its picture as a mask in a class. Call it where a
 * module starts, not while rendering: it renders the icon through a root of its own. A class rather
 * than an inline style: icons sharing one rule share its computed style, where an inline style (a
 * data URL of a few hundred bytes) was parsed and cascaded again for every element, which made the
 * classic list's frames slower to style than the SVG they replaced.
 */
export function maskImage(Icon: LucideIcon, props: Pick<LucideProps, 'strokeWidth'> = {}): MaskImage {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Icon {...props} />));
  const url = `url("data:image/svg+xml,${encodeURIComponent(container.innerHTML)}")`;
  root.unmount();
  made += 1;
  const className = `mask-icon-${made}`;
  const target = maskSheet();
  target.insertRule(
    `.${className} { -webkit-mask-image: ${url}; mask-image: ${url}; -webkit-mask-size: 100% 100%; mask-size: 100% 100%; }`,
    target.cssRules.length,
  );
  return { className };
}

/**
 * An icon in one element, painted in the text colour through its mask, for the rows of long lists.
 * Lucide's SVG is an element per stroke (a calendar is five), and a list mounts a few icons with
 * every row that scrolls into view: in a scroll through the classic list, the frames restyled a
 * third fewer elements with the rows' icons drawn this way. Painting a mask costs more than an SVG's
 * strokes, so it pays where a row has several icons, not for one or two. Give it a display and a size
 * (`inline-block size-3`); it is hidden from screen readers, as the icons it stands for were.
 */
export function MaskIcon({ image, className }: { image: MaskImage; className: string }) {
  // Forced colours (Windows' high contrast) replace backgrounds, which would blank the icon; kept, it
  // is painted in the forced text colour it inherits, as the SVG's stroke was.
  return (
    <span
      aria-hidden
      className={`shrink-0 bg-current forced-color-adjust-none ${image.className} ${className}`}
    />
  );
}
