import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';

afterEach(cleanup);

describe('MarkdownContent', () => {
  it('renders Markdown, with headings below the page’s own', () => {
    const { container } = render(
      <MarkdownContent source={'# Plan\n\nUse **last year** as a start.\n\n- one'} />,
    );

    expect(screen.getByRole('heading', { level: 3, name: 'Plan' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('last year');
    expect(screen.getByRole('listitem').textContent).toBe('one');
  });

  it('shows raw HTML as text and never renders it', () => {
    const { container } = render(
      <MarkdownContent
        source={'Hi <script>window.ran = true</script> <img src=x onerror="window.ran = true">'}
      />,
    );

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>window.ran = true</script>');
  });

  it('opens ordinary links in a new tab that gets no handle on the app', () => {
    render(<MarkdownContent source="[Docs](https://example.com/docs)" />);

    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('leaves a %s link as plain text that does nothing when clicked', async (address) => {
    const { container } = render(<MarkdownContent source={`[Click me](${address})`} />);

    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    await userEvent.click(screen.getByText('Click me'));
    expect(window.location.href).toBe('http://localhost:3000/');
  });
});
