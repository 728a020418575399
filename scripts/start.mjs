// npm start: refuses early when the data directory is in use, builds the web app when its sources or
// build settings changed, then starts the one server process that serves the API and the web app.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
/** Points at the newest build; what the server serves when WEB_DIST_DIR is left at its default. */
const distLink = path.join(webDir, 'dist');
/** Every build gets its own folder, so a running server's files are never rewritten under it. */
const buildsDir = path.join(webDir, 'builds');
const SETTINGS_FILE = '.build-settings.json';
/** The newest builds are kept: servers started from them may still be running. */
const KEPT_BUILDS = 3;

/** Stops before any build when another server uses the data directory (as the server itself would). */
async function refuseWhenDataDirInUse() {
  // Like the server's configuration: an empty value means "not set", paths are relative to the root.
  if (process.env.DATABASE_URL) return;
  const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
  const lock = await tsImport('../apps/api/src/db/data-dir-lock.ts', import.meta.url);
  const holder = await lock.findDataDirHolder(dataDir);
  if (holder) {
    console.error(lock.dataDirLockedMessage(dataDir, holder));
    process.exit(1);
  }
}

/**
 * The web app's build settings. Served by this server, the app calls the API and sends error reports
 * to whatever address it was opened from (localhost, 127.0.0.1, a LAN name, a reverse proxy), so the
 * build does not depend on PORT or PUBLIC_URL; the URLs are then validated placeholders. Setting
 * VITE_API_URL or VITE_ERROR_REPORTING_DSN points the app at another origin instead.
 */
function webBuildSettings() {
  const apiUrl = process.env.VITE_API_URL;
  const dsn = process.env.VITE_ERROR_REPORTING_DSN;
  return {
    VITE_API_URL: apiUrl || 'http://localhost',
    VITE_API_SAME_ORIGIN: String(!apiUrl),
    VITE_ERROR_REPORTING_DSN: dsn || 'http://cairn@localhost/1',
    VITE_ERROR_REPORTING_SAME_ORIGIN: String(!dsn),
  };
}

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function readStamp(buildDir) {
  try {
    return JSON.parse(readFileSync(path.join(buildDir, SETTINGS_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

function needsBuild(settings) {
  if (!existsSync(path.join(distLink, 'index.html'))) return true;
  const stamp = readStamp(distLink);
  if (!stamp || JSON.stringify(stamp.settings) !== JSON.stringify(settings)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) =>
    path.join(webDir, name),
  );
  sources.push(path.join(root, 'packages/contracts/src'));
  return Math.max(...sources.map(newestChange)) > stamp.builtAt;
}

/** Points dist at `buildDir` in one rename, so a reader sees the old build or the new one, never half. */
function switchDistTo(buildDir) {
  const nextLink = path.join(webDir, `dist.next-${process.pid}`);
  rmSync(nextLink, { force: true });
  // Windows makes junctions without special rights; they need an absolute target.
  if (process.platform === 'win32') symlinkSync(buildDir, nextLink, 'junction');
  else symlinkSync(path.relative(webDir, buildDir), nextLink);
  const current = lstatSync(distLink, { throwIfNoEntry: false });
  if (current?.isDirectory()) {
    // A build from before builds/ existed: keep it with the others (this happens once).
    renameSync(distLink, path.join(buildsDir, `earlier-${Date.now()}`));
  } else if (current && process.platform === 'win32') {
    rmSync(distLink, { force: true });
  }
  renameSync(nextLink, distLink);
}

function removeOldBuilds(currentDir) {
  const builds = readdirSync(buildsDir)
    .map((name) => path.join(buildsDir, name))
    .filter((dir) => dir !== currentDir && statSync(dir).isDirectory())
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const dir of builds.slice(KEPT_BUILDS - 1)) rmSync(dir, { recursive: true, force: true });
}

function buildWebApp(settings) {
  console.log('Building the web app…');
  mkdirSync(buildsDir, { recursive: true });
  const builtAt = Date.now();
  const buildDir = path.join(buildsDir, `${builtAt}-${process.pid}`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@cairn/web', '--', '--outDir', buildDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...settings },
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
  writeFileSync(path.join(buildDir, SETTINGS_FILE), JSON.stringify({ settings, builtAt }));
  switchDistTo(buildDir);
  removeOldBuilds(buildDir);
}

await refuseWhenDataDirInUse();
const settings = webBuildSettings();
if (needsBuild(settings)) buildWebApp(settings);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    // The server keeps serving the build it started with, even after a later start switches dist.
    ...(existsSync(path.join(distLink, 'index.html')) && { WEB_DIST_DIR: realpathSync(distLink) }),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
