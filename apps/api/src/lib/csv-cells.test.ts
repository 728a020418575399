import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createCsvStream, csvNumber, toSafeCell } from './csv-cells';

describe('toSafeCell', () => {
  it.each([
    ['=cmd()', "'=cmd()"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['-12.5', "'-12.5"],
    ['-12', "'-12"],
    ['12.5', '12.5'],
    ['Rent = 500', 'Rent = 500'],
    ['', ''],
    ["'quoted", "'quoted"],
  ])('%j → %j', (value, expected) => {
    expect(toSafeCell(value)).toBe(expected);
  });
});

/** The bytes as sent, BOM included (a TextDecoder would drop it). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

describe('createCsvStream', () => {
  it('writes RFC 4180 with a BOM and CRLF, and reads back to the same cells', async () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', '', null],
      ['=HYPERLINK("http://x")', 'Łódź café', csvNumber('-3.25')],
      ['-3.25', null, csvNumber('12')],
    ];
    const output = await text(createCsvStream({ header: ['A', 'B', 'C'], rows }));
    expect(output.startsWith('\ufeffA,B,C\r\n')).toBe(true);
    // A lone line feed is quoted, so readers stricter than csv-parse keep the row whole.
    expect(output).toContain('"multi\nline"');
    expect(output).toContain('"with, comma","with ""quotes"""\r\n');
    expect(parse(output, { bom: true })).toEqual([
      ['A', 'B', 'C'],
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', '', ''],
      ['\'=HYPERLINK("http://x")', 'Łódź café', '-3.25'],
      ["'-3.25", '', '12'],
    ]);
  });

  it('streams rows from an async source as they come', async () => {
    async function* rows() {
      for (let index = 0; index < 3; index += 1) yield [String(index)];
    }
    const output = await text(createCsvStream({ header: ['n'], rows: rows() }));
    expect(output).toBe('\ufeffn\r\n0\r\n1\r\n2\r\n');
  });

  it('passes records written elsewhere on as they come, after the header', async () => {
    async function* records() {
      yield '"a,b"\r\n"""q"""\r\n';
      yield '-1\r\n';
    }
    const chunks: Buffer[] = [];
    for await (const chunk of createCsvStream({ header: ['n'], records: records() }))
      chunks.push(chunk as Buffer);
    expect(chunks.map((chunk) => chunk.toString('utf8'))).toEqual([
      '\ufeffn\r\n"a,b"\r\n"""q"""\r\n',
      '-1\r\n',
    ]);
  });

  it('ends with the source’s error when the source fails', async () => {
    async function* rows() {
      yield ['first'];
      throw new Error('the database went away');
    }
    await expect(text(createCsvStream({ header: ['n'], rows: rows() }))).rejects.toThrow(
      'the database went away',
    );
  });
});
