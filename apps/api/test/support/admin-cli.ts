import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { buildTestApp } from './test-app';

const root = path.resolve(import.meta.dirname, '../../../..');
const apiDir = path.join(root, 'apps/api');
type Run = { code: number | null; stdout: string; stderr: string };

/** The real command in a process of its own, as an operator runs it. */
export function runAdmin(args: string[], env: Record<string, string>, viaNpm = false): Promise<Run> {
  const [command, commandArgs, cwd] = viaNpm
    ? ['npm', ['run', '--silent', 'admin', '--', ...args], root]
    : [process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], apiDir];
  return new Promise((resolve) => {
    execFile(
      command,
      commandArgs,
      { cwd, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Signs in on the instance's database through the real app; the access token's account as the API sees it. */
async function signIn(database: Database, username: string, password: string) {
  const app = await buildTestApp({ database });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/auth/token', payload: { username, password } });
    if (login.statusCode !== 200) return { status: login.statusCode, user: undefined };
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${login.json().accessToken.token}` },
    });
    return {
      status: 200,
      user: me.json() as { username: string; isAdmin: boolean; verifiedAt: string | null },
    };
  } finally {
    await app.close();
  }
}

async function signUp(database: Database, username: string) {
  const app = await buildTestApp({ database });
  await app.ready();
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { username, email: `${username}@example.com`, password: 'Correct-Horse1' },
    });
    expect(response.statusCode).toBe(201);
    return response.json().refreshToken.token as string;
  } finally {
    await app.close();
  }
}

/** The whole operator story on one instance; `open` opens its database while the command is not running. */
export async function checkCommands(options: { env: Record<string, string>; open: () => Promise<Database> }) {
  // A fresh instance: the command migrates it and creates the first administrator.
  const created = await runAdmin(['create-admin', 'root', 'root@example.com'], options.env);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  expect(created.stdout).toContain('Created the administrator root <root@example.com>.');
  const rootPassword = /shown only this once\): (\S+)/.exec(created.stdout)?.[1] ?? '';
  expect(rootPassword).toMatch(/^.{20,}$/);

  let database = await options.open();
  try {
    const root = await signIn(database, 'root', rootPassword);
    expect(root.user).toMatchObject({ username: 'root', isAdmin: true, verifiedAt: expect.any(String) });
    await signUp(database, 'carol');
  } finally {
    await database.close();
  }

  const promoted = await runAdmin(['create-admin', 'carol', 'ignored@example.com'], options.env);
  expect(promoted.code).toBe(0);
  expect(promoted.stdout).toContain('carol is now an administrator');
  expect(promoted.stdout).not.toContain('Password');

  const reset = await runAdmin(['reset-password', 'carol'], options.env);
  expect(reset.code).toBe(0);
  const carolPassword = /shown only this once\): (\S+)/.exec(reset.stdout)?.[1] ?? '';
  expect(carolPassword.length).toBeGreaterThanOrEqual(20);

  database = await options.open();
  try {
    expect((await signIn(database, 'carol', 'Correct-Horse1')).status).toBe(401);
    expect((await signIn(database, 'carol', carolPassword)).user).toMatchObject({ isAdmin: true });
  } finally {
    await database.close();
  }

  const unknown = await runAdmin(['reset-password', 'nobody'], options.env);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No account has the username nobody.');
}
