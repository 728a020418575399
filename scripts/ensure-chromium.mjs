// Browser tests drive the system's Chromium. Installs it with apt-get where that is possible
// (root on Debian or Ubuntu); otherwise stops at once with the command that installs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium is missing; installing it with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', 'chromium']]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) break;
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    '\nThe browser tests need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n\n' +
      '(or point CHROMIUM_PATH at a Chromium binary)\n',
  );
  process.exit(1);
}
