// One job runner in its own process, for the test of several runners on one PostgreSQL database.
// Each handler prints "start <job id>" before it writes, so the test sees runs that never committed.
import { sql } from 'drizzle-orm';
import { parseConfig } from '../../src/config/env';
import { openPostgres } from '../../src/db/client';
import { systemClock } from '../../src/lib/clock';
import { createDiskStorage } from '../../src/modules/attachments/storage/disk-storage';
import { createJobRunner } from '../../src/modules/jobs/job-runner';

const databaseUrl = process.env.DATABASE_URL ?? '';
const runnerId = process.env.RUNNER_ID ?? `runner-${process.pid}`;
const database = openPostgres(databaseUrl);
const ctx = {
  db: database.db,
  clock: systemClock,
  config: parseConfig({ DATA_DIR: '/nonexistent-cairn-test-dir', DATABASE_URL: databaseUrl }),
  jwtSecret: new Uint8Array(32),
  mailer: undefined,
  storage: createDiskStorage('/nonexistent-cairn-test-dir'),
};

const runner = createJobRunner({
  ctx,
  runnerId,
  pollIntervalMs: 20,
  leaseMs: 1500,
  batchSize: 10,
  log: {
    info: () => {},
    warn: (details, message) => console.error(message, JSON.stringify(details)),
    error: (details, message) => console.error(message, JSON.stringify(details)),
  },
  definitions: [
    {
      name: 'test:effect',
      transactional: true,
      async handler(job, tx) {
        process.stdout.write(`start ${job.id}\n`);
        await tx.db.execute(sql`insert into job_effects (job_id, runner) values (${job.id}, ${runnerId})`);
        // Long enough that a kill usually lands while a batch is mid-handler.
        await new Promise((resolve) => setTimeout(resolve, 15));
      },
    },
  ],
});

process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
runner.start();
process.stdout.write('ready\n');
