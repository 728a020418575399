// Prints the JavaScript (and CSS) a browser downloads to show the login page, raw and gzipped.
// Usage: vite build --manifest && node scripts/report-login-size.mjs [distDir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = path.resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect('index.html');
const loginKey = Object.keys(manifest).find((key) => key.startsWith('src/routes/login.tsx'));
if (!loginKey) throw new Error('No login route chunk in the manifest');
collect(loginKey);

let raw = 0;
let gzip = 0;
const rows = [...files].sort().map((file) => {
  const content = readFileSync(path.join(distDir, file));
  const size = { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  raw += size.raw;
  gzip += size.gzip;
  return size;
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
for (const row of rows)
  console.log(`${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
console.log(`${'login page total'.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip`);
