import { describe, expect, it } from 'vitest';
import { describeTransfer, readDownloadFileName } from './download-file';

describe('readDownloadFileName', () => {
  it.each([
    ['attachment; filename="cairn-export-2026-03-10.zip"', 'cairn-export-2026-03-10.zip'],
    ['attachment; filename=cairn.zip', 'cairn.zip'],
    [`attachment; filename="x.zip"; filename*=UTF-8''caf%C3%A9.zip`, 'café.zip'],
    [`attachment; filename*=UTF-8''%E0%A4%A.zip; filename="plain.zip"`, 'plain.zip'],
    ['attachment', 'fallback.zip'],
    [null, 'fallback.zip'],
  ])('%s gives %s', (header, name) => {
    expect(readDownloadFileName(header, 'fallback.zip')).toBe(name);
  });
});

describe('describeTransfer', () => {
  it.each([
    [0, undefined, '0 B received'],
    [512, undefined, '512 B received'],
    [1536, undefined, '2 KB received'],
    [1.25 * 1024 * 1024, undefined, '1.3 MB received'],
    [1024 * 1024, 4 * 1024 * 1024, '1.0 MB of 4.0 MB (25%)'],
    // A length that undercounts (a proxy compressed the body) never reads past 100%.
    [3000, 2000, '3 KB of 2 KB (100%)'],
  ])('%d of %s reads %s', (done, total, text) => {
    expect(describeTransfer(done, total)).toBe(text);
  });
});
