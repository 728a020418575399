import { describe, expect, it } from 'vitest';
import { attachmentMarkdown } from './attachment-markdown';

const id = '0b9e5c3a-2f4d-4c1e-8a7b-5d6e7f8a9b0c';

describe('attachmentMarkdown', () => {
  it('shows an image in place', () => {
    expect(attachmentMarkdown({ id, originalFileName: 'beach.png', mimeType: 'image/png' })).toBe(
      `![beach.png](attachment:${id})`,
    );
  });

  it('links any other file', () => {
    expect(attachmentMarkdown({ id, originalFileName: 'report.pdf', mimeType: 'application/pdf' })).toBe(
      `[report.pdf](attachment:${id})`,
    );
  });

  it('escapes brackets in the name so the link stays whole', () => {
    expect(attachmentMarkdown({ id, originalFileName: 'a [draft].txt', mimeType: 'text/plain' })).toBe(
      `[a \\[draft\\].txt](attachment:${id})`,
    );
  });
});
