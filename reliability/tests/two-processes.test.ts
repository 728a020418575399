// Two API processes on one PostgreSQL behind a round-robin proxy: a user's session, writes, files
// and background jobs must behave exactly as they do on one process.
import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushReceiver, startPushReceiver } from '../../apps/api/test/support/push-receiver';
import { startS3Server, type TestS3Server } from '../../apps/api/test/support/s3-server';
import { type ApiUser, apiRequest, signUpUser } from '../support/api-client';
import { checkWriters, describeProblems } from '../support/check-writes';
import {
  countRows,
  startTwoProcessDeployment,
  type TwoProcessDeployment,
} from '../support/two-process-deployment';
import { countOutcomes, prepareWriter, runWriteLoad } from '../support/writes';

const WRITERS = 12;
const WRITE_CONCURRENCY = 12;
const WRITE_SECONDS = 45;
const READ_YOUR_WRITES_ROUNDS = 40;
const RECURRING_USERS = 4;
/** Daily from this many days ago: a request posts 100 of them, the job the rest. */
const RECURRING_DAYS_BACK = 130;
const DEVICES_PER_USER = 2;
const TASKS_WITH_REMINDERS = 3;

type Figures = Record<string, string | number>;
const figures: { scenario: string; values: Figures }[] = [];

afterAll(() => {
  for (const { scenario, values } of figures) {
    console.log(`\n${scenario}`);
    console.table(values);
  }
});

/** A VAPID key pair as web-push makes one: an uncompressed P-256 public key and its 32-byte scalar. */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Body = Record<string, unknown> & { id?: string };

async function call(
  baseUrl: string,
  options: { method: string; path: string; token?: string; body?: unknown },
): Promise<{ status: number; body: Body }> {
  return apiRequest<Body>(baseUrl, { ...options, path: `/api/v1${options.path}` });
}

async function created(baseUrl: string, token: string, path: string, body: unknown): Promise<Body> {
  const response = await call(baseUrl, { method: 'POST', path, token, body });
  if (response.status !== 201)
    throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function signIn(baseUrl: string, user: ApiUser) {
  const response = await apiRequest<{ accessToken: { token: string }; refreshToken: { token: string } }>(
    baseUrl,
    { method: 'POST', path: '/auth/token', body: { username: user.username, password: user.password } },
  );
  expect(response.status).toBe(200);
  return { access: response.body.accessToken.token, refresh: response.body.refreshToken.token };
}

/** What /users/me answers each process for this token. */
async function statusOnEach(deployment: TwoProcessDeployment, token: string): Promise<number[]> {
  return Promise.all(
    deployment.servers.map(
      async (server) => (await call(server.url, { method: 'GET', path: '/users/me', token })).status,
    ),
  );
}

/** Sessions made, refreshed and ended on one process hold on the other. */
async function checkSessions(deployment: TwoProcessDeployment): Promise<number> {
  const [a, b] = deployment.servers;
  let checks = 0;
  const expectOnEach = async (token: string, status: number) => {
    expect(await statusOnEach(deployment, token)).toEqual([status, status]);
    checks += 2;
  };
  const user = await signUpUser(deployment.url, 'session');
  await expectOnEach(user.accessToken, 200);

  // Signed in on A: the session works on B; refreshed on B, the new token works on A.
  const first = await signIn(a.url, user);
  await expectOnEach(first.access, 200);
  const refreshed = await apiRequest<{ accessToken: { token: string }; refreshToken: { token: string } }>(
    b.url,
    { method: 'POST', path: '/auth/token/refresh', body: { refreshToken: first.refresh } },
  );
  expect(refreshed.status).toBe(200);
  await expectOnEach(refreshed.body.accessToken.token, 200);

  // Signed out on A: both processes refuse the session's access token and its refresh token.
  const logout = await apiRequest(a.url, {
    method: 'POST',
    path: '/auth/logout',
    body: { refreshToken: refreshed.body.refreshToken.token },
  });
  expect(logout.status).toBe(204);
  await expectOnEach(refreshed.body.accessToken.token, 401);
  for (const server of [a, b]) {
    const again = await apiRequest(server.url, {
      method: 'POST',
      path: '/auth/token/refresh',
      body: { refreshToken: refreshed.body.refreshToken.token },
    });
    expect(again.status).toBe(401);
    checks += 1;
  }

  // A stolen refresh token replayed on B after A rotated it: the whole session ends, on both.
  const second = await signIn(b.url, user);
  const rotated = await apiRequest<{ accessToken: { token: string } }>(a.url, {
    method: 'POST',
    path: '/auth/token/refresh',
    body: { refreshToken: second.refresh },
  });
  expect(rotated.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 10_500)); // past the grace of a double submit
  const replay = await apiRequest(b.url, {
    method: 'POST',
    path: '/auth/token/refresh',
    body: { refreshToken: second.refresh },
  });
  expect(replay.status).toBe(401);
  await expectOnEach(rotated.body.accessToken.token, 401);

  // Signed out everywhere through the proxy: every session of the user is refused by both.
  const third = await signIn(deployment.url, user);
  const fourth = await signIn(deployment.url, user);
  const everywhere = await call(deployment.url, {
    method: 'POST',
    path: '/users/me/sessions/sign-out-everywhere',
    token: third.access,
  });
  expect(everywhere.status).toBe(204);
  await expectOnEach(third.access, 401);
  await expectOnEach(fourth.access, 401);
  await expectOnEach(user.accessToken, 401);
  return checks;
}

/**
 * The write catalogue through the proxy, many users at once, then read back through each process
 * directly: neither may miss or hold back what the other wrote.
 */
async function checkWrites(
  deployment: TwoProcessDeployment,
  options: { seconds: number; attachmentsDir?: string },
): Promise<Figures> {
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => prepareWriter(deployment.url)));
  const outcomes = await runWriteLoad({
    writers,
    concurrency: WRITE_CONCURRENCY,
    signal: AbortSignal.timeout(options.seconds * 1000),
  });
  const counts = countOutcomes(outcomes);
  let checked = 0;
  for (const server of deployment.servers) {
    const report = await checkWriters(
      writers.map((writer) => ({ ...writer, baseUrl: server.url })),
      options.attachmentsDir ? { attachmentsDir: options.attachmentsDir } : {},
    );
    expect(describeProblems(report)).toBe('');
    checked += report.checked;
  }
  expect(counts['in-doubt']).toBe(0);
  expect(counts.rejected).toBe(0);
  return {
    'writes sent': outcomes.length,
    'writes acknowledged': counts.acknowledged,
    'writes rejected / in doubt': `${counts.rejected} / ${counts['in-doubt']}`,
    'writes checked (on each process)': checked,
    'writes lost': 0,
    'error rate': `${(((counts.rejected + counts['in-doubt']) / Math.max(1, outcomes.length)) * 100).toFixed(2)} %`,
  };
}

/** A write acknowledged by one process is read at once from the other: no process answers from a stale copy. */
async function checkReadYourWrites(deployment: TwoProcessDeployment): Promise<number> {
  const user = await signUpUser(deployment.url, 'reader');
  const token = user.accessToken;
  const [a, b] = deployment.servers;
  let stale = 0;
  for (let round = 0; round < READ_YOUR_WRITES_ROUNDS; round++) {
    const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
    const task = await created(writer.url, token, '/tasks', { title: `seen ${round}` });
    const note = await created(writer.url, token, '/notes', { title: `note ${round}`, content: 'first' });
    const saved = await call(writer.url, {
      method: 'PATCH',
      path: `/notes/${note.id}`,
      token,
      body: { content: `second ${round}`, baseUpdatedAt: note.updatedAt },
    });
    expect(saved.status).toBe(200);
    const [readTask, readNote] = await Promise.all([
      call(reader.url, { method: 'GET', path: `/tasks/${task.id}`, token }),
      call(reader.url, { method: 'GET', path: `/notes/${note.id}`, token }),
    ]);
    if (readTask.status !== 200 || readNote.body.content !== `second ${round}`) stale += 1;
  }
  expect(stale).toBe(0);
  return stale;
}

/** A file uploaded to one process downloads, byte for byte, from the other. */
async function checkAttachments(deployment: TwoProcessDeployment): Promise<number> {
  const user = await signUpUser(deployment.url, 'files');
  let checked = 0;
  for (const [from, to] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const uploader = deployment.servers[from];
    const task = await created(uploader.url, user.accessToken, '/tasks', { title: `files from ${from}` });
    const content = Buffer.from(`${randomBytes(2000).toString('base64')}\n`);
    const form = new FormData();
    form.append('taskId', String(task.id));
    form.append('file', new Blob([content], { type: 'text/plain' }), 'notes.txt');
    const upload = await fetch(`${uploader.url}/api/v1/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const attachment = (await upload.json()) as { id: string };
    for (const target of [deployment.servers[to].url, deployment.url, deployment.url]) {
      const download = await fetch(`${target}/api/v1/attachments/${attachment.id}/content`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
      checked += 1;
    }
  }
  return checked;
}

/** Makes the named schedules due now, as if their cron time had come; the runners poll every second. */
async function makeScheduleDue(deployment: TwoProcessDeployment, name: string): Promise<void> {
  // At the millisecond, as the runners write it: they advance a schedule only from the time they read.
  await deployment.pool.query(
    `update job_schedules set next_run_at = date_trunc('milliseconds', now()) where name = $1`,
    [name],
  );
}

/** Reminders a few seconds ahead, on two devices per user: each arrives exactly once. */
async function checkReminders(
  deployment: TwoProcessDeployment,
  receiver: PushReceiver,
  options: { users: number },
): Promise<Figures> {
  const expected: { deviceId: string; taskId: string }[] = [];
  const remindAt = new Date(Date.now() + 4000).toISOString();
  for (let index = 0; index < options.users; index++) {
    const user = await signUpUser(deployment.url, 'push');
    const devices = Array.from({ length: DEVICES_PER_USER }, () => receiver.createDevice());
    for (const device of devices) {
      await created(deployment.url, user.accessToken, '/push/subscriptions', {
        endpoint: device.endpoint,
        keys: device.keys,
      });
    }
    for (let task = 0; task < TASKS_WITH_REMINDERS; task++) {
      const row = await created(deployment.url, user.accessToken, '/tasks', {
        title: `remind ${task}`,
        remindAt,
      });
      for (const device of devices) expected.push({ deviceId: device.id, taskId: String(row.id) });
    }
  }
  await waitFor(() => Date.now() > Date.parse(remindAt) + 500, 30_000, 'the reminder time');
  const started = Date.now();
  // Several sweeps over the same window, claimed by whichever process gets there: the overlap must
  // not send anything twice.
  for (let sweep = 0; sweep < 3; sweep++) {
    await makeScheduleDue(deployment, 'push:sweep');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  const isReminderFor = (entry: { deviceId: string }) =>
    expected.some((item) => item.deviceId === entry.deviceId);
  await waitFor(
    () => receiver.received.filter(isReminderFor).length >= expected.length,
    120_000,
    `${expected.length} reminders`,
  );
  const deliverySeconds = (Date.now() - started) / 1000;
  // Room for a late duplicate to arrive.
  await makeScheduleDue(deployment, 'push:sweep');
  await new Promise((resolve) => setTimeout(resolve, 4000));

  const received = receiver.received.filter(isReminderFor);
  const deliveries = new Map<string, number>();
  for (const entry of received) {
    const key = `${entry.deviceId}:${String(entry.payload.taskId)}`;
    deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
  }
  const duplicates = [...deliveries.values()].filter((count) => count > 1).length;
  const missing = expected.filter((item) => !deliveries.has(`${item.deviceId}:${item.taskId}`)).length;
  expect(receiver.refused).toEqual([]);
  expect(received.every((entry) => entry.payload.kind === 'reminder')).toBe(true);
  expect(missing).toBe(0);
  expect(duplicates).toBe(0);
  expect(received).toHaveLength(expected.length);
  // Each send job ran once: no job was taken by both processes.
  const sendRuns = await countRows(
    deployment.pool,
    `select count(*) from jobs where name = 'push:send' and (status <> 'done' or attempts <> 1)`,
  );
  expect(sendRuns).toBe(0);
  return {
    'reminders expected': expected.length,
    'reminders received': received.length,
    'reminders sent twice': duplicates,
    'reminders missing': missing,
    'seconds from reminder time to last delivery': deliverySeconds.toFixed(1),
  };
}

/**
 * Recurring transactions with a backlog, posted by the creating request on one process while forced
 * schedule ticks run the posting job on both: every day is posted exactly once.
 */
async function checkRecurringPostings(deployment: TwoProcessDeployment): Promise<Figures> {
  const start = new Date(Date.now() - RECURRING_DAYS_BACK * 86_400_000);
  const startDay = start.toISOString().slice(0, 10);
  let ticking = true;
  const ticker = (async () => {
    while (ticking) {
      await makeScheduleDue(deployment, 'money:post-recurring');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  let templates: string[] = [];
  let expectedTotal = 0;
  let days = 0;
  const countPosted = () =>
    countRows(
      deployment.pool,
      'select count(*) from money_transactions where recurring_id = any($1::uuid[])',
      [templates],
    );
  try {
    templates = await Promise.all(
      Array.from({ length: RECURRING_USERS }, async () => {
        const user = await signUpUser(deployment.url, 'recurring');
        const token = user.accessToken;
        const currencies = await call(deployment.url, { method: 'GET', path: '/currencies', token });
        const usd = (currencies.body.items as { id: string; code: string }[]).find(
          (item) => item.code === 'USD',
        );
        const account = await created(deployment.url, token, '/money/accounts', { name: 'Rent' });
        const template = await created(deployment.url, token, '/money/recurring', {
          type: 'expense',
          accountId: account.id,
          amount: '7.5',
          currencyId: usd?.id,
          quickurrence: { rule: 'daily', startDate: `${startDay}T00:00:00Z` },
        });
        return String(template.id);
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    days = Math.round((Date.parse(today) - Date.parse(startDay)) / 86_400_000) + 1;
    expectedTotal = templates.length * days;
    await waitFor(async () => (await countPosted()) >= expectedTotal, 120_000, `${expectedTotal} postings`);
    // A few more ticks on the finished backlog, then a pause for any late double posting to commit.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  } finally {
    ticking = false;
    await ticker;
  }

  const posted = await countPosted();
  const distinct = await countRows(
    deployment.pool,
    `select count(*) from (select distinct recurring_id, date from money_transactions
                          where recurring_id = any($1::uuid[])) as days`,
    [templates],
  );
  const jobRuns = await countRows(
    deployment.pool,
    `select count(*) from jobs where name = 'money:post-recurring'`,
  );
  const failedRuns = await countRows(
    deployment.pool,
    `select count(*) from jobs where name = 'money:post-recurring' and status <> 'done'`,
  );
  expect(posted).toBe(expectedTotal);
  expect(distinct).toBe(expectedTotal);
  expect(failedRuns).toBe(0);
  return {
    'recurring templates': templates.length,
    'days each': days,
    'postings expected': expectedTotal,
    'postings made': posted,
    'days posted twice': posted - distinct,
    'posting job runs': jobRuns,
    'failed posting job runs': failedRuns,
  };
}

describe('two processes, attachments in S3, keys configured', () => {
  let deployment: TwoProcessDeployment;
  let s3: TestS3Server;
  let receiver: PushReceiver;
  const values: Figures = {};

  beforeAll(async () => {
    const vapid = generateVapidKeys();
    s3 = await startS3Server();
    receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
    deployment = await startTwoProcessDeployment({
      name: 'two_s3',
      isDataDirShared: false,
      env: {
        ...s3.env,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:admin@example.com',
        PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      },
    });
    values['seconds to start both on an empty database'] = deployment.startSeconds.toFixed(1);
  });

  afterAll(async () => {
    values['requests forwarded to A / B'] = deployment?.proxy.forwarded.join(' / ') ?? '';
    values['requests no process answered'] = deployment?.proxy.failed ?? 0;
    figures.push({ scenario: 'Two processes, S3 attachments', values });
    await deployment?.close();
    await receiver?.close();
    await s3?.close();
  });

  it('a session made on one process works on the other, and one ended on either is refused by both', async () => {
    values['session checks across processes'] = await checkSessions(deployment);
  });

  it('loses no write of many users writing at once through the proxy', async () => {
    Object.assign(values, await checkWrites(deployment, { seconds: WRITE_SECONDS }));
  });

  it('shows a write acknowledged by one process at once on the other', async () => {
    values['stale reads after a write on the other process'] = await checkReadYourWrites(deployment);
  });

  it('serves a file uploaded through one process from the other', async () => {
    values['attachment downloads checked'] = await checkAttachments(deployment);
  });

  it('sends each reminder exactly once', async () => {
    Object.assign(values, await checkReminders(deployment, receiver, { users: 4 }));
  });

  it('posts each recurring transaction day exactly once', async () => {
    Object.assign(values, await checkRecurringPostings(deployment));
  });

  it('left nothing in either log above a warning', () => {
    for (const server of deployment.servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});

describe('two processes sharing DATA_DIR, keys generated there', () => {
  let deployment: TwoProcessDeployment;
  let receiver: PushReceiver;
  const values: Figures = {};

  beforeAll(async () => {
    deployment = await startTwoProcessDeployment({
      name: 'two_dir',
      isDataDirShared: true,
      // Empty means unset: each process finds or makes the JWT secret and the VAPID keys in DATA_DIR.
      env: { JWT_SECRET: '', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' },
    });
    values['seconds to start both on an empty database'] = deployment.startSeconds.toFixed(1);
  });

  afterAll(async () => {
    values['requests forwarded to A / B'] = deployment?.proxy.forwarded.join(' / ') ?? '';
    figures.push({ scenario: 'Two processes, one shared DATA_DIR', values });
    await deployment?.close();
    await receiver?.close();
  });

  it('both processes use the same generated secret and push keys', async () => {
    const user = await signUpUser(deployment.url, 'shared');
    expect(await statusOnEach(deployment, user.accessToken)).toEqual([200, 200]);
    const keys = await Promise.all(
      deployment.servers.map(
        async (server) =>
          (await call(server.url, { method: 'GET', path: '/push/public-key', token: user.accessToken })).body
            .publicKey,
      ),
    );
    expect(keys[0]).toBeTypeOf('string');
    expect(keys[1]).toBe(keys[0]);
    receiver = await startPushReceiver({ vapidPublicKey: String(keys[0]) });
  });

  it('a session made on one process works on the other, and one ended on either is refused by both', async () => {
    values['session checks across processes'] = await checkSessions(deployment);
  });

  it('serves a file uploaded through one process from the other', async () => {
    values['attachment downloads checked'] = await checkAttachments(deployment);
  });

  it('loses no write, and keeps every attachment row and file together, in the shared directory', async () => {
    const attachmentsDir = path.join(deployment.dataDirs[0] ?? '', 'attachments');
    Object.assign(values, await checkWrites(deployment, { seconds: WRITE_SECONDS / 3, attachmentsDir }));
  });

  it('sends each reminder exactly once', async () => {
    Object.assign(values, await checkReminders(deployment, receiver, { users: 2 }));
  });
});
