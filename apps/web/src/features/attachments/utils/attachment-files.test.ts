import { describe, expect, it } from 'vitest';
import { formatFileSize, isImageAttachment } from './attachment-files';

describe('formatFileSize', () => {
  it.each([
    [1, '1 byte'],
    [512, '512 bytes'],
    [1024, '1 KB'],
    [14_848, '14.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
  ])('%i bytes read as %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('isImageAttachment', () => {
  it('tells images from other files', () => {
    expect(isImageAttachment({ mimeType: 'image/png' })).toBe(true);
    expect(isImageAttachment({ mimeType: 'application/pdf' })).toBe(false);
  });
});
