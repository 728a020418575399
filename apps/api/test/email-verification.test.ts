import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/lib/mailer';
import { createTestApp, type TestApp } from './support/test-app';

type ReceivedMail = { to: string[]; subject: string; text: string };

/** A real SMTP listener on loopback, keeping what it receives. */
async function startSmtpListener() {
  const inbox: ReceivedMail[] = [];
  let isRefusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (isRefusing) return callback(new Error('mailbox unavailable'));
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        inbox.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    refuse(value: boolean) {
      isRefusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url },
    mailer: createSmtpMailer({ smtpUrl: smtp.url, from: 'Cairn <no-reply@cairn.test>' }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const credentials = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  password: 'Str0ng!pass',
});

function linkTokenFor(address: string): string {
  const mail = smtp.inbox.findLast((message) => message.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const link = /http:\/\/localhost:5173\/verify-email\?token=(\S+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no link in: ${mail.text}`);
  return decodeURIComponent(link[1]);
}

describe('e-mail verification', () => {
  it('is on when SMTP is configured: signup sends a link and gives no tokens yet', async () => {
    const response = await t.request({ method: 'POST', url: '/auth/signup', payload: credentials('vera') });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ requiresEmailVerification: true });
    const mail = smtp.inbox.findLast((message) => message.to.includes('vera@example.com'));
    expect(mail?.subject).toBe('Confirm your e-mail address for Cairn');
  });

  it('blocks sign-in until the link is followed, then the link signs in', async () => {
    const user = credentials('victor');
    await t.request({ method: 'POST', url: '/auth/signup', payload: user });
    const signIn = { username: user.username, password: user.password };
    const early = await t.request({ method: 'POST', url: '/auth/token', payload: signIn });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const token = linkTokenFor(user.email);
    const verified = await t.request({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.success).toBe(true);
    const profile = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      token: body.accessToken.token,
    });
    expect(profile.json().verifiedAt).toBe(t.clock.now().toISOString());

    expect((await t.request({ method: 'POST', url: '/auth/token', payload: signIn })).statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('expires the link after 24 hours; a resent link works', async () => {
    const user = credentials('wendy');
    await t.request({ method: 'POST', url: '/auth/signup', payload: user });
    const stale = linkTokenFor(user.email);
    t.clock.advance(24 * 3_600_000 + 1000);
    const expired = await t.request({ method: 'POST', url: '/auth/verify-email', payload: { token: stale } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('VERIFICATION_TOKEN_EXPIRED');

    const resend = await t.request({
      method: 'POST',
      url: '/auth/verify-email/resend',
      payload: { email: user.email },
    });
    expect(resend.statusCode).toBe(202);
    const fresh = linkTokenFor(user.email);
    expect(fresh).not.toBe(stale);
    const verified = await t.request({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: fresh },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers a resend for an unknown address the same way, sending nothing', async () => {
    const before = smtp.inbox.length;
    const response = await t.request({
      method: 'POST',
      url: '/auth/verify-email/resend',
      payload: { email: 'nobody@example.com' },
    });
    expect(response.statusCode).toBe(202);
    expect(smtp.inbox.length).toBe(before);
  });

  it('mails a link to a changed address, which stays unverified until it is followed', async () => {
    const user = credentials('yvonne');
    await t.request({ method: 'POST', url: '/auth/signup', payload: user });
    const signedIn = await t.request({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: linkTokenFor(user.email) },
    });
    const accessToken = signedIn.json().accessToken.token;

    const changed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      token: accessToken,
      payload: { email: 'yvonne.new@example.com' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'yvonne.new@example.com', verifiedAt: null });
    const verified = await t.request({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: linkTokenFor('yvonne.new@example.com') },
    });
    expect(verified.statusCode).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/me', token: accessToken });
    expect(profile.json().verifiedAt).not.toBeNull();

    smtp.refuse(true);
    try {
      const unsent = await t.request({
        method: 'PATCH',
        url: '/api/v1/users/me',
        token: accessToken,
        payload: { email: 'yvonne.third@example.com' },
      });
      expect(unsent.statusCode).toBe(503);
    } finally {
      smtp.refuse(false);
    }
    const kept = await t.request({ method: 'GET', url: '/api/v1/users/me', token: accessToken });
    expect(kept.json()).toMatchObject({ email: 'yvonne.new@example.com' });
    expect(kept.json().verifiedAt).not.toBeNull();
  });

  it('leaves nothing behind when the mail cannot be sent', async () => {
    smtp.refuse(true);
    try {
      const user = credentials('xavier');
      const response = await t.request({ method: 'POST', url: '/auth/signup', payload: user });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      smtp.refuse(false);
      // The same username is free again: the failed signup wrote nothing.
      const retry = await t.request({ method: 'POST', url: '/auth/signup', payload: user });
      expect(retry.statusCode).toBe(201);
    } finally {
      smtp.refuse(false);
    }
  });
});
