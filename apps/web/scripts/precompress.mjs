// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a web build, so the
// server sends them as they are (@fastify/static's preCompressed) instead of compressing per request.
// Usage: node scripts/precompress.mjs [distDir]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images and fonts are compressed already. Source maps are not fetched by pages. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 256;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses one file both ways at the highest levels (it is done once per build). */
async function compressFile(file) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  return { raw: content.length, br: br.length, gz: gz.length };
}

export async function precompress(distDir) {
  const files = [];
  for await (const file of walk(distDir)) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) files.push(file);
  }
  const totals = { files: files.length, raw: 0, br: 0, gz: 0 };
  // A few at a time: brotli at its top level is CPU-bound and the build machine may be small.
  const queue = [...files];
  const workers = Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const sizes = await compressFile(file);
      totals.raw += sizes.raw;
      totals.br += sizes.br;
      totals.gz += sizes.gz;
    }
  });
  await Promise.all(workers);
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const totals = await precompress(distDir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(
    `precompressed ${totals.files} files in ${distDir}: ${kb(totals.raw)} → ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip`,
  );
}
