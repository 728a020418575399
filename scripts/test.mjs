// npm test: everything, in order of how fast it fails. Each step prints its own runner's summary;
// the last line adds up every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, '.tmp/test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const { DATABASE_URL: postgresUrl, ...envWithoutDatabase } = process.env;
const typecheckProjects = [
  'packages/contracts',
  'packages/recurrence',
  'apps/api',
  'apps/web',
  'e2e',
  'bench',
  'reliability',
];

function run(title, command, args, env = envWithoutDatabase, cwd = root) {
  console.log(`\n━━ ${title}\n`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    printTotals();
    process.exit(result.status ?? 1);
  }
}

function vitestArgs(report, ...extra) {
  return [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reportsDir, report)}`,
    ...extra,
  ];
}

/** Sums the JSON reports of every runner that got as far as writing one. */
function printTotals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['vitest.json', 'vitest-postgres.json']) {
    const file = path.join(reportsDir, name);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  const playwright = path.join(reportsDir, 'e2e.json');
  if (existsSync(playwright)) {
    const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

run('Lint and format (Biome)', 'npx', ['biome', 'ci', '.']);
for (const project of typecheckProjects)
  run(`Type check ${project}`, 'npx', ['tsc', '--noEmit', '-p', project]);
run('Module boundaries (dependency-cruiser)', 'npx', [
  'depcruise',
  'apps',
  'packages',
  '--config',
  '.dependency-cruiser.cjs',
]);
// The migrations' snapshots and journal must agree; drizzle.config.ts paths are relative to apps/api.
run(
  'Migrations are consistent (drizzle-kit check)',
  'npx',
  ['drizzle-kit', 'check', '--config', 'drizzle.config.ts'],
  envWithoutDatabase,
  path.join(root, 'apps/api'),
);
run('Unit and API tests on the embedded database', 'npx', vitestArgs('vitest.json'));
if (postgresUrl) {
  run('API tests on PostgreSQL', 'npx', vitestArgs('vitest-postgres.json', '--project', 'api-postgres'), {
    ...envWithoutDatabase,
    DATABASE_URL: postgresUrl,
  });
}
const chromium = ensureChromium();
run('Browser tests (Playwright, Chromium)', 'npm', ['test', '-w', '@cairn/e2e'], {
  ...envWithoutDatabase,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportsDir, 'e2e.json'),
});
printTotals();
