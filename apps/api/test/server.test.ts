import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const running: ChildProcess[] = [];

/** Starts the real server as a user would, and waits for it to say where it listens. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Cairn is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Tests that expect a refusal never await this; keep its rejection from going unhandled.
  listening.catch(() => {});
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number, output }));
  return { child, listening, exited };
}

afterAll(() => {
  for (const child of running) child.kill();
});

// The server uses the embedded database unless DATABASE_URL is set, as in the suite around it.
const databaseEnv: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : {};

describe('the server process', () => {
  it('stops at boot with the name of a bad variable', async () => {
    const { exited } = startServer({
      PORT: 'not-a-port',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'cairn-')),
    });
    const { code, output } = await exited;
    expect(code).not.toBe(0);
    expect(output).toContain('PORT: expected a port number');
  });

  it('serves a whole signup → login → refresh → me → delete round trip over HTTP', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-'));
    const server = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...databaseEnv });
    const url = await server.listening;
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const user = {
      username: `round-${Date.now()}`,
      email: `round-${Date.now()}@example.com`,
      password: 'Str0ng!pass',
    };
    expect((await post('/auth/signup', user)).status).toBe(201);
    type Tokens = { accessToken: { token: string }; refreshToken: { token: string } };
    const login = (await (
      await post('/auth/token', { username: user.username, password: user.password })
    ).json()) as Tokens;
    const refreshed = (await (
      await post('/auth/token/refresh', { refreshToken: login.refreshToken.token })
    ).json()) as Tokens;
    const me = await fetch(`${url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${refreshed.accessToken.token}` },
    });
    expect(((await me.json()) as { username: string }).username).toBe(user.username);
    const deleted = await fetch(`${url}/api/v1/users/me`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${refreshed.accessToken.token}` },
      body: JSON.stringify({ password: user.password }),
    });
    expect(deleted.status).toBe(204);
    expect((await post('/auth/token', { username: user.username, password: user.password })).status).toBe(
      401,
    );

    if (!process.env.DATABASE_URL) {
      // A second server on the same embedded database would lose writes: it must refuse to start.
      const second = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
      const { code, output } = await second.exited;
      expect(code).not.toBe(0);
      expect(output).toContain('Another Cairn server');
    }

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
