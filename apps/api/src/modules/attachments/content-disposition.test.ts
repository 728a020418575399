import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['naïve café.txt', `attachment; filename="na_ve caf_.txt"; filename*=UTF-8''na%C3%AFve%20caf%C3%A9.txt`],
    ['東京.png', `attachment; filename="__.png"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.png`],
    ['say "hi"\\.txt', `attachment; filename="say _hi__.txt"; filename*=UTF-8''say%20%22hi%22%5C.txt`],
    [
      "it's (50%)*.txt",
      `attachment; filename="it's (50_)*.txt"; filename*=UTF-8''it%27s%20%2850%25%29%2A.txt`,
    ],
    [
      'a\r\nSet-Cookie: x=1',
      `attachment; filename="a__Set-Cookie: x=1"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1`,
    ],
    ['../../etc/passwd', `attachment; filename="../../etc/passwd"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`],
    ['', `attachment; filename="download"; filename*=UTF-8''`],
    ['half \ud800 pair', `attachment; filename="half _ pair"; filename*=UTF-8''half%20%EF%BF%BD%20pair`],
  ])('names %j safely', (name, header) => {
    expect(contentDisposition('attachment', name)).toBe(header);
  });

  it('keeps the header on one line of visible ASCII whatever the name', () => {
    const header = contentDisposition('inline', `${'\u0000\u007f\u2028"\\;,'.repeat(50)}.png`);
    expect(header).toMatch(/^inline; /);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });

  it('round-trips the exact name through filename*', () => {
    const name = 'Zażółć gęślą jaźń 🐢 (v2) [final].tar.gz';
    const encoded = contentDisposition('attachment', name).split("filename*=UTF-8''")[1] ?? '';
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});
