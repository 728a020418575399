import { createECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A push service on loopback: Chromium cannot reach a real one here, so the page's subscription points at
 * this receiver. It answers 201 like a push service and keeps each request as the server sent it.
 */

export interface ReceivedPushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** http://127.0.0.1:<port>; a subscription's endpoint is a path under it. */
  origin: string;
  received: ReceivedPushRequest[];
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPushRequest[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(201, { Location: `${request.url}/message/${received.length}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The keys a browser keeps for its subscription: the P-256 private key (JWK `d`) and the auth secret. */
export interface DeviceSecrets {
  privateKeyD: string;
  publicKey: string;
  authSecret: string;
}

/** Decrypts an aes128gcm Web Push body (RFC 8291) the way the browser would, and parses its JSON. */
export function decryptPush(body: Buffer, secrets: DeviceSecrets): unknown {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(secrets.privateKeyD, 'base64url'));
  if (ecdh.getPublicKey('base64url') !== secrets.publicKey) {
    throw new Error('the private key does not belong to the subscription');
  }
  const text = ece.decrypt(body, {
    version: 'aes128gcm',
    privateKey: ecdh,
    authSecret: Buffer.from(secrets.authSecret, 'base64url'),
  });
  return JSON.parse(text.toString('utf8'));
}
