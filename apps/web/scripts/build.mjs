// `npm run build`: the Vite build, then brotli and gzip copies of its text files (scripts/precompress.mjs).
// Arguments go to `vite build` as they are; --outDir (as npm start passes it) is also where the copies go.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function outDirFrom(argv) {
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--outDir') return argv[index + 1];
    if (arg.startsWith('--outDir=')) return arg.slice('--outDir='.length);
  }
  return undefined;
}

// The package exports no bin path; its package.json names it.
const vitePackage = createRequire(import.meta.url).resolve('vite/package.json');
const viteBin = path.join(path.dirname(vitePackage), 'bin', 'vite.js');
const build = spawnSync(process.execPath, [viteBin, 'build', ...args], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Vite resolves a relative outDir against the project root, which is this folder.
const distDir = path.resolve(webDir, outDirFrom(args) ?? 'dist');
const totals = await precompress(distDir);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `precompressed ${totals.files} files: ${kb(totals.raw)} → ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip`,
);
