import { describe, expect, it } from 'vitest';
import { detectFileType, SNIFF_BYTES } from './detect-file-type';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const whole = { isWholeFile: true };

describe('detectFileType', () => {
  it.each([
    ['a PNG', PNG, 'image/png', 'png'],
    [
      'a JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      'image/jpeg',
      'jpg',
    ],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'), 'image/gif', 'gif'],
    ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1'), 'application/pdf', 'pdf'],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]), 'application/zip', 'zip'],
  ])('knows %s by its signature', async (_name, bytes, mimeType, extension) => {
    expect(await detectFileType(bytes, whole)).toEqual({ mimeType, extension });
  });

  it.each([
    ['plain text', 'Shopping list:\n- milk\n- eggs\r\n\ttabbed'],
    ['HTML (never served as HTML)', '<!doctype html><script>alert(1)</script>'],
    ['SVG (never served as SVG)', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['non-Latin text', 'Zażółć gęślą jaźń — 東京 🐢'],
  ])('calls %s text/plain', async (_name, text) => {
    expect(await detectFileType(Buffer.from(text), whole)).toEqual({
      mimeType: 'text/plain',
      extension: 'txt',
    });
  });

  it.each([
    ['NUL bytes', Buffer.from('text\u0000with nul')],
    ['invalid UTF-8', Buffer.from([0x68, 0x69, 0xff, 0xfe, 0x21])],
    ['random bytes', Buffer.from([1, 2, 3, 250, 251, 252])],
  ])('calls content with %s application/octet-stream, without an extension', async (_name, bytes) => {
    expect(await detectFileType(bytes, whole)).toEqual({
      mimeType: 'application/octet-stream',
      extension: undefined,
    });
  });

  it('reads text cut inside a character as text, unless the file ends there', async () => {
    // "é" is two bytes; the start read ends after the first.
    const head = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 'a'), Buffer.from('é').subarray(0, 1)]);
    expect((await detectFileType(head, { isWholeFile: false })).mimeType).toBe('text/plain');
    expect((await detectFileType(head, { isWholeFile: true })).mimeType).toBe('application/octet-stream');
  });
});
