// The bytes a browser downloads to show /login: every script, module preload and style sheet of the
// built index.html, plus the login route's lazily loaded chunks and their imports, raw and compressed
// as the server sends them (the build's .br and .gz copies; compressed here when a build has none).
// Run: npm run bench:login-bytes -w @cairn/bench [-- <web build dir made with --manifest>]
// Without a directory, the web app is built into a temporary one first (see bench/README.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Issue 11's budget for /login, brotli, JavaScript and CSS together. */
const BUDGET_BYTES = 120 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const webDir = path.join(repoRoot, 'apps', 'web');

function buildWeb(outDir: string): void {
  // The settings `npm start` builds with: placeholders, the app follows the page's own address.
  const env = {
    ...process.env,
    VITE_API_URL: 'http://localhost',
    VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost/1',
    VITE_API_SAME_ORIGIN: 'true',
    VITE_ERROR_REPORTING_SAME_ORIGIN: 'true',
  };
  const result = spawnSync(
    'npm',
    [
      'run',
      'build',
      '--silent',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: webDir, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`The web build failed (exit code ${result.status})`);
}

/** The files index.html makes the browser fetch before anything runs. */
function filesOfPage(html: string): string[] {
  const files: string[] = [];
  const pattern = /<(?:script|link)\b[^>]*?\b(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g;
  for (const match of html.matchAll(pattern)) {
    const [tag, file] = match;
    const isFetched = tag.startsWith('<script') || /rel="(?:modulepreload|stylesheet)"/.test(tag);
    if (isFetched && file) files.push(file);
  }
  return files;
}

/** A chunk with everything it imports statically (which the browser fetches before running it). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** As served: the precompressed copy when the build has one, else compressed here the same way. */
function sizesOf(distDir: string, file: string): Sizes {
  const full = path.join(distDir, file);
  const content = readFileSync(full);
  const gzip = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  const brotli = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`).length
    : brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length;
  return {
    raw: content.length,
    gzip: Math.min(gzip, content.length),
    brotli: Math.min(brotli, content.length),
  };
}

function total(distDir: string, files: Iterable<string>): Sizes & { count: number } {
  const sum = { raw: 0, gzip: 0, brotli: 0, count: 0 };
  for (const file of files) {
    const sizes = sizesOf(distDir, file);
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
    sum.count += 1;
  }
  return sum;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const given = process.argv[2];
  const distDir = given ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'cairn-login-bytes-'));
  try {
    if (!given) buildWeb(distDir);
    const manifestFile = path.join(distDir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) {
      throw new Error(`${manifestFile} is missing: build with --manifest, or run without a directory`);
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

    const page = new Set(filesOfPage(html));
    const route = new Set<string>();
    for (const key of Object.keys(manifest).filter((name) => name.startsWith('src/routes/login.tsx'))) {
      withStaticImports(manifest, key, route);
    }
    // No chunk of its own: the route is bundled into the start-up file, which the page lists already.
    const routeOnly = [...route].filter((file) => !page.has(file));
    const afterPaint = new Set<string>();
    withStaticImports(manifest, 'src/lib/sentry-sdk.ts', afterPaint);
    const afterPaintOnly = [...afterPaint].filter((file) => !page.has(file) && !route.has(file));

    const rows: [string, ReturnType<typeof total>][] = [
      ['index.html: scripts, preloads, CSS', total(distDir, page)],
      ['login route chunks', total(distDir, routeOnly)],
      ['**/login, first paint**', total(distDir, [...page, ...routeOnly])],
      ['error reporting, after first paint', total(distDir, afterPaintOnly)],
      ['/login with error reporting', total(distDir, [...page, ...routeOnly, ...afterPaintOnly])],
    ];

    const firstPaint = rows[2]?.[1];
    console.log(
      '## /login bytes: JavaScript and CSS the browser downloads, as served (brotli q11, gzip -9)\n',
    );
    console.log(
      `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}\n`,
    );
    console.log(`Smaller is better; the budget is ${kb(BUDGET_BYTES)} brotli for the first paint.\n`);
    console.log('| part | files | raw | gzip | brotli |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, sizes] of rows) {
      console.log(
        `| ${name} | ${sizes.count} | ${kb(sizes.raw)} | ${kb(sizes.gzip)} | ${kb(sizes.brotli)} |`,
      );
    }
    if (firstPaint) {
      const verdict = firstPaint.brotli <= BUDGET_BYTES ? 'within' : 'OVER';
      console.log(
        `\n/login first paint: ${kb(firstPaint.brotli)} brotli, ${verdict} the ${kb(BUDGET_BYTES)} budget`,
      );
    }
  } finally {
    if (!given) rmSync(distDir, { recursive: true, force: true });
  }
}

main();
