import type { Config } from '../config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 028). A list of proxy addresses/CIDRs goes as it is. A number
 * of hops becomes a function, since Fastify 5.12 turns a bare number into "trust no one": the socket's peer and
 * the next `hops - 1` X-Forwarded-For entries from the right are proxies, and the entry before them is the client.
 * That is only sound when the API can be reached through the proxy alone (HOST=127.0.0.1, or a firewall).
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
