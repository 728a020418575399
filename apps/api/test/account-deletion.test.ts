import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer';
import {
  type Actor,
  createActor,
  FixtureWorld,
  fixtureMakers,
  snapshotUserRows,
  userOwnedTables,
} from './support/openapi-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Deleting an account removes a row from every table the user owns. The tables come from the
 * catalog (every table with a user_id column), so a new area's table is checked without anyone
 * remembering to add it here; it only needs a fixture that gives the user a row in it.
 */

const inbox: MailMessage[] = [];
let t: TestApp;

beforeAll(async () => {
  // Verification on, so the pending-verification table gets a row too; mail stays in memory.
  t = await createTestApp({
    env: { REQUIRE_EMAIL_VERIFICATION: 'true' },
    mailer: { send: async (message) => void inbox.push(message), close: () => undefined },
  });
});
afterAll(() => t.close());

function linkTokenFor(email: string): string {
  const mail = inbox.findLast((message) => message.to === email);
  const token = mail && /verify-email\?token=(\S+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification mail for ${email}`);
  return token;
}

/** A verified user with one of every fixture, a changed and not yet verified address, and a session. */
async function createUserWithEverything(label: string): Promise<Actor> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const credentials = {
    username: `${label}${suffix}`,
    email: `${label}${suffix}@example.com`,
    password: 'Correct-Horse1',
  };
  const signup = await t.request({ method: 'POST', url: '/auth/signup', payload: credentials });
  expect(signup.statusCode).toBe(201);
  const verified = await t.request({
    method: 'POST',
    url: '/auth/verify-email',
    payload: { token: linkTokenFor(credentials.email) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const tokens = verified.json();
  const actor = await createActor(t, label, {
    ...credentials,
    accessToken: tokens.accessToken.token,
    refreshToken: tokens.refreshToken.token,
  });
  const world = new FixtureWorld(actor);
  for (const kind of Object.keys(fixtureMakers)) await world.get(kind, 0);
  // A recurring transaction that has posted an occurrence, so the postings table holds a row too.
  const posted = await actor.call('POST', '/api/v1/money/recurring', {
    type: 'income',
    accountId: await world.get('account', 0),
    amount: '1',
    currencyId: await world.get('currency', 0),
    quickurrence: { rule: 'daily', count: 1, startDate: '2026-03-01T00:00:00.000Z' },
  });
  expect(posted.status, posted.text).toBe(201);
  const newEmail = `${label}${suffix}-new@example.com`;
  expect((await actor.call('PATCH', '/api/v1/users/me', { email: newEmail })).status).toBe(200);
  const resend = await t.request({
    method: 'POST',
    url: '/auth/verify-email/resend',
    payload: { email: newEmail },
  });
  expect(resend.statusCode, resend.body).toBeLessThan(300);
  // An error the web app reported while the user was signed in (the report stays, without the user).
  const report = await t.request({
    method: 'POST',
    url: '/api/1/envelope/',
    headers: { 'content-type': 'text/plain' },
    payload: ['{}', '{"type":"event"}', JSON.stringify({ message: label, user: { id: actor.userId } })].join(
      '\n',
    ),
  });
  expect(report.statusCode, report.body).toBe(200);
  return actor;
}

const countsByTable = (snapshot: string[]) => {
  const counts: Record<string, number> = {};
  for (const entry of snapshot) {
    const table = entry.slice(0, entry.indexOf(' '));
    counts[table] = (counts[table] ?? 0) + 1;
  }
  return counts;
};

describe('deleting an account', () => {
  it('leaves no row of the user in any table that has a user_id, and nobody else’s is touched', async () => {
    const tables = await userOwnedTables(t);
    expect(tables).toContain('tasks');
    const leaving = await createUserWithEverything('leaving');
    const staying = await createUserWithEverything('staying');

    const leavingCounts = countsByTable(await snapshotUserRows(t, leaving.userId, tables));
    const unfilled = tables.filter((table) => !leavingCounts[table]);
    expect(
      unfilled,
      `No fixture gives a user a row in ${unfilled.join(', ')}. Add one (fixtureMakers in ` +
        'apps/api/test/support/openapi-fixtures.ts, or a step in createUserWithEverything), so ' +
        'this test can check that deleting an account removes those rows.',
    ).toEqual([]);

    const stayingBefore = await snapshotUserRows(t, staying.userId, tables);
    const response = await leaving.call('DELETE', '/api/v1/users/me', { password: leaving.password });
    expect(response.status, response.text).toBe(204);

    expect(await snapshotUserRows(t, leaving.userId, tables)).toEqual([]);
    expect(await snapshotUserRows(t, staying.userId, tables)).toEqual(stayingBefore);
  });
});
