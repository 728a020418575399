// npm start: builds the web app when its sources or build settings changed, then starts the one
// server process that serves the API and the web app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const stampFile = path.join(distDir, '.build-settings.json');

/** The web app's build settings: the API on the same origin, error reports to the server's own inbox. */
function webBuildSettings() {
  const port = process.env.PORT || '3000';
  const publicUrl = new URL(process.env.PUBLIC_URL || `http://localhost:${port}`);
  const base = publicUrl.toString().replace(/\/+$/, '');
  return {
    VITE_API_URL: process.env.VITE_API_URL || base,
    VITE_ERROR_REPORTING_DSN:
      process.env.VITE_ERROR_REPORTING_DSN ||
      `${publicUrl.protocol}//cairn@${publicUrl.host}${publicUrl.pathname.replace(/\/+$/, '')}/1`,
  };
}

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function needsBuild(settings) {
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(stampFile)) return true;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (JSON.stringify(stamp.settings) !== JSON.stringify(settings)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) =>
    path.join(webDir, name),
  );
  sources.push(path.join(root, 'packages/contracts/src'));
  return Math.max(...sources.map(newestChange)) > stamp.builtAt;
}

const settings = webBuildSettings();
if (needsBuild(settings)) {
  console.log('Building the web app…');
  const builtAt = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@cairn/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...settings },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, JSON.stringify({ settings, builtAt }));
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
