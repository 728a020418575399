// A load balancer of the simplest kind, as users put in front of several API processes: each request
// goes to the next process in turn, whatever connection it came on, so consecutive requests of one
// client land on different processes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each target was sent, in the order the targets were given. */
  forwarded: number[];
  /** Requests no target answered (a refused or dropped connection): the proxy said 502. */
  failed: number;
  close(): Promise<void>;
}

/** Headers that describe one hop's connection, not the request, and are not forwarded (RFC 9110 7.6.1). */
const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHopHeaders.has(name)));
}

/** Starts the proxy on a free loopback port; `targets` are base URLs such as http://127.0.0.1:3001. */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new Error('a proxy needs at least one target');
  const upstreams = targets.map((target) => new URL(target));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const forwarded = targets.map(() => 0);
  let next = 0;
  let failed = 0;

  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    forwarded[index] = (forwarded[index] ?? 0) + 1;
    const upstream = upstreams[index] as URL;
    const outgoing = http.request(
      {
        agent,
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: endToEndHeaders(request.headers),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(response);
        // A process that dies mid-body: the client sees its connection cut, not a short body as whole.
        answer.once('aborted', () => response.destroy());
      },
    );
    outgoing.once('error', () => {
      failed += 1;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Bad gateway', code: 'BAD_GATEWAY' }));
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    get failed() {
      return failed;
    },
    close() {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
