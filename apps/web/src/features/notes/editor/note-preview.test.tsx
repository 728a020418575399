import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AttachmentAccess, NotePreview, noteUrlTransform } from './note-preview';

afterEach(cleanup);

const attachmentId = '0b9e5c3a-2f4d-4c1e-8a7b-5d6e7f8a9b0c';

/** Every element and attribute that could run code or load a page if it reached the DOM. */
function expectNothingActive(container: HTMLElement) {
  // The app's own icons are inline SVG (lucide, without scripts); no other SVG may appear.
  expect(
    container.querySelector('script, iframe, object, embed, svg:not(.lucide), form, style, link, meta, base'),
  ).toBeNull();
  expect(container.querySelector('svg script, svg foreignObject')).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} has ${attribute.name}`).toBe(false);
      expect(attribute.value.replace(/\s/g, '').toLowerCase()).not.toMatch(/^(javascript|vbscript|data):/);
    }
  }
}

describe('NotePreview', () => {
  const payloads = [
    ['a script element', '<script>window.__ran = true</script>'],
    ['an image with onerror', '<img src="x" onerror="window.__ran = true">'],
    ['an iframe', '<iframe src="javascript:window.__ran = true"></iframe>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>parent.__ran = true</script>"></iframe>'],
    ['an svg with onload', '<svg onload="window.__ran = true"><script>window.__ran = true</script></svg>'],
    ['a javascript: link', '[Open](javascript:window.__ran=true)'],
    ['a javascript: link in mixed case', '[Open](JaVaScRiPt:window.__ran=true)'],
    ['a javascript: link hidden by an entity', '[Open](java&#x09;script:window.__ran=true)'],
    ['a data:text/html link', '[Open](data:text/html,<script>window.__ran=true</script>)'],
    ['a vbscript: link', '[Open](vbscript:msgbox(1))'],
    ['a javascript: image', '![x](javascript:window.__ran=true)'],
    ['a data:image/svg+xml image', '![x](data:image/svg+xml,<svg onload="window.__ran=true"/>)'],
    ['a javascript: autolink', '<javascript:window.__ran=true>'],
    ['a reference-style javascript: link', '[Open][x]\n\n[x]: javascript:window.__ran=true'],
    ['an anchor element', '<a href="javascript:window.__ran=true">Open</a>'],
    ['an event handler on a details element', '<details open ontoggle="window.__ran = true">x</details>'],
  ] as const;

  it.each(payloads)('renders %s inert', async (_name, source) => {
    const { container } = render(<NotePreview source={`Before\n\n${source}\n\nAfter`} />);

    expectNothingActive(container);
    for (const element of container.querySelectorAll('a, span, img')) await userEvent.click(element);
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();
    expect(window.location.href).toBe('http://localhost:3000/');
    expect(container.textContent).toContain('After');
  });

  it('shows raw HTML as the text that was written', () => {
    const { container } = render(<NotePreview source={'<b onmouseover="x()">bold?</b>'} />);

    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b onmouseover="x()">bold?</b>');
  });

  it('renders Markdown with tables and task lists, headings below the page title', () => {
    const { container } = render(
      <NotePreview source={'# Plan\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] to do'} />,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    expect(container.querySelectorAll('td')).toHaveLength(2);
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
  });

  it('opens web links in a new tab without a handle on the app, and keeps anchors and mail links', () => {
    render(
      <NotePreview source={'[Docs](https://example.com/docs) [Top](#top) [Mail](mailto:a@example.com)'} />,
    );

    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Top' }).getAttribute('href')).toBe('#top');
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:a@example.com');
  });

  it('shows an attached image from the URL the resolver gives', async () => {
    const access: AttachmentAccess = {
      resolveAttachmentUrl: vi.fn(async () => 'blob:http://localhost:3000/abc'),
      downloadAttachment: vi.fn(),
    };
    render(<NotePreview source={`![Beach](attachment:${attachmentId})`} attachments={access} />);

    const image = await screen.findByRole('img', { name: 'Beach' });
    await waitFor(() => expect(image.getAttribute('src')).toBe('blob:http://localhost:3000/abc'));
    expect(access.resolveAttachmentUrl).toHaveBeenCalledWith(attachmentId);
  });

  it('says so when an attached image cannot be loaded', async () => {
    const access: AttachmentAccess = {
      resolveAttachmentUrl: async () => {
        throw new Error('gone');
      },
      downloadAttachment: vi.fn(),
    };
    render(<NotePreview source={`![Beach](attachment:${attachmentId})`} attachments={access} />);

    expect(await screen.findByText('Image not available: Beach')).toBeTruthy();
  });

  it('downloads an attachment from its link', async () => {
    const access: AttachmentAccess = { resolveAttachmentUrl: vi.fn(), downloadAttachment: vi.fn() };
    render(<NotePreview source={`[report.pdf](attachment:${attachmentId})`} attachments={access} />);

    await userEvent.click(screen.getByRole('link', { name: 'report.pdf' }));

    expect(access.downloadAttachment).toHaveBeenCalledWith(attachmentId, 'report.pdf');
    expect(window.location.href).toBe('http://localhost:3000/');
  });
});

describe('noteUrlTransform', () => {
  it.each([
    'https://example.com/a?b=c#d',
    'http://example.com',
    'mailto:someone@example.com',
    `attachment:${attachmentId}`,
    '/notebook',
    'relative/path',
    '#heading',
    '?q=1',
  ])('keeps %s', (url) => {
    expect(noteUrlTransform(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml,<svg/>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:http://localhost/x',
  ])('drops %s', (url) => {
    expect(noteUrlTransform(url)).toBe('');
  });
});
