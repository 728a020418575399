import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/**
 * A real push service on loopback, for tests: it takes the Web Push request the server makes, checks
 * its VAPID signature (ES256 JWT for this origin, not expired, signed by the key the server publishes),
 * decrypts the aes128gcm body with the device's private key and keeps what it read. It can be told to
 * answer an error status for the next requests, as a busy or forgetful push service does.
 */

export type TestDevice = {
  id: string;
  endpoint: string;
  /** What PushSubscription.toJSON() gives a browser, as the server's subscribe route takes it. */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
};

export type ReceivedPush = {
  deviceId: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
};

type PlannedAnswer = { status: number; headers: Record<string, string> };

export type PushReceiver = {
  origin: string;
  received: ReceivedPush[];
  /** Requests that failed a check (bad signature, wrong audience, undecryptable body), with why. */
  refused: string[];
  createDevice(): TestDevice;
  receivedBy(device: TestDevice): ReceivedPush[];
  /** The next `count` requests (to any device) get `status` instead of 201. */
  answerNext(status: number, count?: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
};

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function verifyVapid(options: {
  header: string | undefined;
  origin: string;
  vapidPublicKey: string;
}): Promise<void> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(options.header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${options.header}`);
  const [, token = '', key = ''] = match;
  if (key !== options.vapidPublicKey) throw new Error('the VAPID key is not the server’s');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, publicKey, {
    algorithms: ['ES256'],
    audience: options.origin,
    requiredClaims: ['exp', 'sub'],
  });
  if ((payload.exp ?? 0) > Date.now() / 1000 + 24 * 3600)
    throw new Error('the VAPID JWT lives over 24 hours');
}

export async function startPushReceiver(options: { vapidPublicKey: string }): Promise<PushReceiver> {
  const devices = new Map<string, TestDevice>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const planned: PlannedAnswer[] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const deviceId = /^\/push\/([^/?]+)$/.exec(request.url ?? '')?.[1];
      const device = deviceId ? devices.get(deviceId) : undefined;
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      const plan = planned.shift();
      if (plan) {
        response.writeHead(plan.status, plan.headers).end();
        return;
      }
      try {
        // The audience is the origin the sender addressed, which may be a name pinned to this address.
        const audience = `http://${request.headers.host}`;
        await verifyVapid({
          header: request.headers.authorization,
          origin: audience,
          vapidPublicKey: options.vapidPublicKey,
        });
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (request.headers.ttl === undefined) throw new Error('no TTL header');
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.authSecret,
        });
        received.push({
          deviceId: device.id,
          payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
        });
        response.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    createDevice() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      const device: TestDevice = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      devices.set(id, device);
      return device;
    },
    receivedBy(device) {
      return received.filter((entry) => entry.deviceId === device.id);
    },
    answerNext(status, count = 1, headers = {}) {
      for (let index = 0; index < count; index += 1) planned.push({ status, headers });
    },
    close() {
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
