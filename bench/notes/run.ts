// How fast notes search answers for a user with 5,000 notes on the embedded database, and how close it
// comes to the same SQL run bare. Run: npm run bench:notes -w @cairn/bench. See bench/README.md.
import { cpus, loadavg } from 'node:os';
import type * as SchemaModule from '../../apps/api/src/db/schema';
import {
  apiSource,
  median,
  type RecordedStatement as Statement,
  startRecordedPgliteApp,
} from '../support/recorded-pglite-app';

const NOTE_COUNT = 5_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** The bar for a search over 5,000 notes on the embedded database. */
const TARGET_MS = 50;
const { app, database, rawQuery, headers, userId, recordStatements, refreshPlannerStatistics } =
  await startRecordedPgliteApp();
const { folders, notes } = (await import(`${apiSource}/db/schema.ts`)) as typeof SchemaModule;

// --- 5,000 notes of realistic text -------------------------------------------------------------------

// A fixed seed, so every run searches the same notes.
let seed = 42;
/** mulberry32: small, and without the correlation between draws that a plain LCG shows. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
  return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const vocabulary = (
  'the a of to and in is for on with that this it as be at by from we our plan meeting notes project ' +
  'review budget quarterly team client design release product productivity roadmap goals ideas draft ' +
  'follow up action items decision summary research interview customer feedback launch marketing sales ' +
  'hiring onboarding process documentation api database migration performance bug fix test deploy ' +
  'server frontend backend mobile travel recipe garden book reading list weekend family health workout ' +
  'budgeting invoice tax receipts groceries dinner holiday flight hotel museum weather morning evening ' +
  'monday tuesday wednesday thursday friday january february march april may june july august'
).split(' ');
const foreign = [
  'żółw',
  'zażółć',
  'gęślą',
  'jaźń',
  'Kraków',
  '東京',
  '京都',
  'café',
  'naïve',
  'straße',
  'Ελλάδα',
];
const sentence = () => {
  const words = Array.from({ length: 6 + Math.floor(random() * 12) }, () =>
    random() < 0.001 ? pick(foreign) : pick(vocabulary),
  );
  return `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`;
};
const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 5) }, sentence).join(' ');
const markdown = () => {
  const parts = [`## ${sentence()}`, paragraph()];
  if (random() < 0.5) parts.push(Array.from({ length: 3 }, () => `- ${sentence()}`).join('\n'));
  if (random() < 0.3)
    parts.push(`**${sentence()}** [link](https://example.com/${Math.floor(random() * 1000)})`);
  for (let more = Math.floor(random() * 4); more > 0; more -= 1) parts.push(paragraph());
  return parts.join('\n\n');
};

const folderIds: string[] = [];
for (const name of ['Work', 'Home', 'Projects', 'Journal', 'Recipes', 'Travel']) {
  const [row] = await database.db.insert(folders).values({ userId, name }).returning({ id: folders.id });
  folderIds.push(row!.id);
}
const start = Date.parse('2026-01-01T00:00:00Z');
const rows = Array.from({ length: NOTE_COUNT }, (_, index) => {
  const at = new Date(start + index * 3_600_000);
  return {
    userId,
    title: Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(vocabulary)).join(' '),
    content: markdown(),
    folderId: random() < 0.8 ? pick(folderIds) : null,
    isFavorite: random() < 0.05,
    archivedAt: random() < 0.05 ? at : null,
    createdAt: at,
    updatedAt: at,
  };
});
for (let offset = 0; offset < rows.length; offset += 500) {
  await database.db.insert(notes).values(rows.slice(offset, offset + 500));
}
// As the server does at boot on the embedded database.
await refreshPlannerStatistics();
const averageLength = Math.round(rows.reduce((sum, row) => sum + row.content.length, 0) / rows.length);

// --- Each search through the API, and the same statements run bare ----------------------------------

async function apiSearch(url: string) {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response;
}

async function statementsOf(url: string) {
  const { result: response, statements } = await recordStatements(() => apiSearch(url));
  return { statements, body: response.json() as { items: { id: string; snippet?: string }[] } };
}

async function runBare(statements: Statement[]) {
  const results = [];
  for (const statement of statements) results.push(await rawQuery(statement.text, statement.params));
  return results;
}

const cases: [string, string][] = [
  ['q=prod (prefix of common words)', 'prod'],
  ['q=meeting notes (two words)', 'meeting notes'],
  ['q=quarterly budget review', 'quarterly budget review'],
  ['q=t (one letter: most notes match)', 't'],
  ['q=żółw (Polish, rare)', 'żółw'],
  ['q=東京 (Japanese, rare)', '東京'],
  ['q=xylophone (no hits)', 'xylophone'],
  ['q=budget, in a folder', `budget&folderId=${folderIds[0]}`],
];

const startLoad = loadavg()[0]!;
const results: { name: string; hits: number; api: number; bare: number }[] = [];
for (const [name, query] of cases) {
  const url = `/api/v1/notes?q=${query.includes('&') ? query.replace(/^[^&]*/, encodeURIComponent) : encodeURIComponent(query)}`;
  const { statements, body } = await statementsOf(url);
  const pageIndex = statements.findIndex((statement) => /ts_rank_cd/.test(statement.text));
  if (pageIndex < 0) throw new Error(`${name}: no ranked statement recorded`);
  // A fast wrong answer is not a result: the bare run must find the same page of hits.
  const bare = await runBare(statements);
  const bareIds = (bare[pageIndex]!.rows as { id: string }[])
    .slice(0, body.items.length)
    .map((row) => row.id);
  const apiIds = body.items.map((item) => item.id);
  if (JSON.stringify(bareIds) !== JSON.stringify(apiIds))
    throw new Error(`${name}: the bare run found other hits`);
  if (body.items.some((item) => item.snippet === undefined)) throw new Error(`${name}: a hit has no snippet`);
  // Warm both, then take turns call for call, so a neighbour's burst slows both alike.
  for (let warm = 0; warm < 3; warm += 1) {
    await apiSearch(url);
    await runBare(statements);
  }
  if (process.env.BENCH_PROFILE) {
    const ranked = statements[pageIndex]!;
    const explained = await rawQuery<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${ranked.text}`,
      ranked.params,
    );
    console.error(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
    for (const statement of statements) {
      const began = performance.now();
      for (let index = 0; index < 5; index += 1) await rawQuery(statement.text, statement.params);
      console.error(
        ((performance.now() - began) / 5).toFixed(2),
        statement.text.slice(0, 90).replace(/\s+/g, ' '),
      );
    }
  }
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let began = performance.now();
    await apiSearch(url);
    apiTimes.push(performance.now() - began);
    began = performance.now();
    await runBare(statements);
    bareTimes.push(performance.now() - began);
  }
  results.push({ name, hits: apiIds.length, api: median(apiTimes), bare: median(bareTimes) });
}

// The listing's first page must read its rows from the partial index in order, not sort every note.
const { statements: listingStatements } = await recordStatements(() => apiSearch('/api/v1/notes'));
const listing = listingStatements.find(
  (statement) => /from "notes"/.test(statement.text) && /limit/.test(statement.text),
);
const plan = listing
  ? JSON.stringify((await rawQuery(`explain (format json) ${listing.text}`, listing.params)).rows)
  : '';
const planNote =
  /notes_live_updated_idx/.test(plan) && !/"Sort"/.test(plan) ? 'index scan, no sort' : 'SORTS';

console.log(
  `## Notes search, ${NOTE_COUNT.toLocaleString('en-US')} notes, PGlite, API against the same SQL run bare\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; notes of ${averageLength} characters on average, ${ROUNDS} rounds per case\n`,
);
console.log(
  'The ratio is the bare SQL median ÷ the API median: 1× means the API adds nothing to the statements it runs. Target: API median under 50 ms.\n',
);
console.log('| case | hits on page | API median ms | bare SQL median ms | ratio | under 50 ms |');
console.log('| --- | ---: | ---: | ---: | ---: | :---: |');
for (const row of results) {
  console.log(
    `| \`${row.name}\` | ${row.hits} | ${row.api.toFixed(2)} | ${row.bare.toFixed(2)} | ${(row.bare / row.api).toFixed(2)}× | ${row.api < TARGET_MS ? 'yes' : '**no**'} |`,
  );
}
console.log(`\nFirst page of the default listing (updatedAt, live notes): ${planNote}.`);
const lowest = results.reduce((low, row) => (row.bare / row.api < low.bare / low.api ? row : low));
const slowest = results.reduce((high, row) => (row.api > high.api ? row : high));
console.log(
  `\nLowest ratio: \`${lowest.name}\`, ${(lowest.bare / lowest.api).toFixed(2)}×. Slowest API median: \`${slowest.name}\`, ${slowest.api.toFixed(2)} ms.`,
);
await app.close();
await database.close();
if (results.some((row) => row.api >= TARGET_MS) || planNote !== 'index scan, no sort') process.exitCode = 1;
