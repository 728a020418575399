import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { ATTACHMENT_MAX_BYTES } from '@cairn/contracts/attachments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './support/multipart';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * An upload refused before its body has been read (an expired token, the database unavailable) must
 * still reach the client: a connection closed under a client that is still sending is reset, and the
 * answer is often lost with it, so the client never learns to refresh its token or to try again.
 */

type RawAnswer = { head: string; isClosed: boolean };

/** A raw HTTP/1.1 connection, to see what the server does between two requests on it. */
async function openConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('end', () => {
    isClosed = true;
  });
  // A reset after the server closed: what a client still sending would run into.
  socket.on('error', () => {
    isClosed = true;
  });
  /** Resolves with the head of the next complete answer (its body is small JSON with a length). */
  const nextAnswer = async (): Promise<RawAnswer> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const head = received.slice(0, headEnd);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length >= headEnd + 4 + length) {
          received = received.slice(headEnd + 4 + length);
          return { head, isClosed };
        }
      }
      if (isClosed) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { head: '', isClosed };
  };
  return { socket, nextAnswer, isClosed: () => isClosed };
}

describe('uploads refused before their body is read', () => {
  let t: TestApp;
  let port: number;
  let noteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await signUp(t);
    const note = await t.request({
      method: 'POST',
      url: '/api/v1/notes',
      token: user.accessToken,
      payload: { title: 'Scans' },
    });
    noteId = note.json().id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  /**
   * Sends an upload without a valid token, its head first: the answer must come before the body, and
   * the connection must still serve the next request once the body has been sent after all.
   */
  async function expectRefusedThenServed(url: string, body: ReturnType<typeof multipartBody>) {
    const connection = await openConnection(port);
    connection.socket.write(
      `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    // The answer comes before any of the body is sent, as for a client still sending it.
    const refused = await connection.nextAnswer();
    expect(refused.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(refused.head).not.toMatch(/^connection: close$/im);

    connection.socket.write(body.payload);
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const next = await connection.nextAnswer();
    expect(next.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.isClosed()).toBe(false);
    connection.socket.destroy();
  }

  it('reads a refused body of an acceptable size to its end, so the answer and the connection survive', async () => {
    const body = multipartBody({
      fields: { noteId },
      file: { name: 'scan.bin', content: randomBytes(256 * 1024) },
    });
    await expectRefusedThenServed('/api/v1/attachments', body);
  });

  it('reads a refused import of an acceptable size to its end too, by the limit of its source', async () => {
    const body = multipartBody({
      fields: {},
      file: { name: 'todoist.csv', content: Buffer.from('TYPE,CONTENT\n'.repeat(20_000)) },
    });
    await expectRefusedThenServed('/api/v1/users/me/import?source=todoist', body);
  });

  it('still closes the connection on a refused body larger than any upload may be', async () => {
    const connection = await openConnection(port);
    connection.socket.write(
      'POST /api/v1/attachments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer not-a-token\r\n' +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${ATTACHMENT_MAX_BYTES * 3}\r\n\r\n`,
    );
    const refused = await connection.nextAnswer();
    expect(refused.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(refused.head).toMatch(/^connection: close$/im);
    connection.socket.destroy();
  });
});
