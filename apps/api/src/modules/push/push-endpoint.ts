import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/app-error';

/**
 * The server posts to a URL the browser handed it, so the URL is checked like any request to a place a
 * user chose: https only, and only to public unicast addresses. The name is resolved when sending and the
 * connection is pinned to the address that was checked, so DNS cannot answer differently in between
 * (rebinding). Loopback is admitted only with PUSH_ALLOW_INSECURE_ENDPOINTS, for a local test service.
 */

export type EndpointPolicy = { allowInsecure: boolean };

export type ResolvedEndpoint = { url: URL; address: string; family: 4 | 6 };

export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function refuse(reason: string): AppError {
  return new AppError('INVALID_PUSH_ENDPOINT', `The push endpoint is refused: ${reason}`);
}

/** The bare host of a URL: IPv6 literals lose their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why an address may not be contacted, or undefined when it may. IPv4-mapped IPv6 (::ffff:10.0.0.1) is
 * judged as the IPv4 address it carries; only plain public unicast passes (ipaddr.js names every
 * special range: private, loopback, link-local with the cloud metadata address, carrier-grade NAT,
 * unique-local, multicast, unspecified, the IPv4-embedding prefixes, reserved).
 */
export function addressProblem(address: string, policy: EndpointPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowInsecure) return undefined;
  return `${parsed.toString()} is a ${range} address, not a public one`;
}

/** What can be checked without the network: the URL's form, its scheme and a literal address. */
export function checkEndpointForm(endpoint: string, policy: EndpointPolicy): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse('not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowInsecure))
    throw refuse('it must use https');
  if (url.username || url.password) throw refuse('it must not carry credentials');
  const host = hostOf(url);
  if (isIP(host)) {
    const problem = addressProblem(host, policy);
    if (problem) throw refuse(problem);
  }
  return url;
}

/**
 * The endpoint with the one address to connect to. Every address the name resolves to must pass, so a
 * name cannot pair a public address with a private one; plain http passes only on loopback.
 */
export async function resolvePushEndpoint(
  endpoint: string,
  options: EndpointPolicy & { resolveHost?: ResolveHost },
): Promise<ResolvedEndpoint> {
  const url = checkEndpointForm(endpoint, options);
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolveHost ?? resolveWithDns)(host);
    } catch (error) {
      throw new EndpointLookupError(host, error);
    }
  }
  if (addresses.length === 0) throw new EndpointLookupError(host, undefined);
  for (const { address } of addresses) {
    const problem = addressProblem(address, options);
    if (problem) throw refuse(`${url.hostname} resolves to ${problem}`);
  }
  if (url.protocol === 'http:') {
    const isLoopback = addresses.every(({ address }) => ipaddr.process(address).range() === 'loopback');
    if (!isLoopback) throw refuse('it must use https');
  }
  const [first] = addresses as [{ address: string; family: number }];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The name did not resolve now; it may later, so a send is retried rather than given up. */
export class EndpointLookupError extends Error {
  constructor(hostname: string, cause: unknown) {
    super(`The push endpoint's host ${hostname} could not be resolved`, { cause });
    this.name = 'EndpointLookupError';
  }
}

/**
 * Checked when a browser subscribes, for a clear 400 early. A name that does not resolve yet is let
 * through: the check that guards the connection is the one made when sending.
 */
export async function checkEndpointForSubscription(
  endpoint: string,
  options: EndpointPolicy & { resolveHost?: ResolveHost },
): Promise<void> {
  try {
    await resolvePushEndpoint(endpoint, options);
  } catch (error) {
    if (!(error instanceof EndpointLookupError)) throw error;
  }
}

/** A lookup that answers only the checked address: the socket cannot reach anything else. */
export function pinnedLookup(resolved: ResolvedEndpoint): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
}
