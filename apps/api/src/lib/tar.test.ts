import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readTar, writeTar } from './tar';

const longName = `attachments/${'d'.repeat(60)}/${'f'.repeat(90)}`;
const entries = () => [
  { name: 'manifest.json', size: 2, content: Buffer.from('{}') },
  { name: 'empty', size: 0, content: Buffer.alloc(0) },
  { name: longName, size: 1000, content: Readable.from([Buffer.alloc(600, 'a'), Buffer.alloc(400, 'b')]) },
];

describe('tar', () => {
  it('round-trips files, long names and streamed contents', async () => {
    const archive = await buffer(writeTar(entries()));
    expect(archive.length % 512).toBe(0);
    const files = await readTar(archive);
    expect(files.map((file) => [file.name, file.content.length])).toEqual([
      ['manifest.json', 2],
      ['empty', 0],
      [longName, 1000],
    ]);
    expect(files[2]?.content.toString()).toBe(`${'a'.repeat(600)}${'b'.repeat(400)}`);
  });

  it('writes archives the system tar reads', async () => {
    const tar = spawnSync('tar', ['--version']);
    if (tar.status !== 0) return;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-tar-'));
    try {
      await writeFile(path.join(dir, 'a.tar'), await buffer(writeTar(entries())));
      expect(spawnSync('tar', ['-xf', 'a.tar'], { cwd: dir }).status).toBe(0);
      expect((await readFile(path.join(dir, longName))).length).toBe(1000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails when a content is not the size announced, and on a damaged archive', async () => {
    const wrong = [{ name: 'x', size: 5, content: Buffer.from('abc') }];
    await expect(buffer(writeTar(wrong))).rejects.toThrow(/Size mismatch|could not be archived/);
    const archive = await buffer(writeTar(entries()));
    archive[10] = 0x41;
    await expect(readTar(archive)).rejects.toThrow('damaged');
  });
});
