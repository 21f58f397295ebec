import type { FastifyInstance } from 'fastify';
import { isIP } from 'node:net';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who "the same client" is for every limit that counts per address (failed logins, registrations,
     * mails, resets, live streams, heavy reads, upstream shares): see sameClientOf.
     */
    readonly client: string;
  }
}

const IPV6_GROUPS = 8;
const GROUP_BITS = 16;

/**
 * The one rule for "the same client": an IPv4 address is a client; an IPv6 address counts by its
 * network (its first `ipv6PrefixBits` bits, /64 by default), since one connection holds a whole
 * /64 and could otherwise be a new client at every address. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) is the IPv4 address it carries. Anything else is kept as it is.
 */
export function sameClientOf(address: string, ipv6PrefixBits: number): string {
  const version = isIP(address);
  if (version === 4) return address;
  const groups = version === 6 ? ipv6Groups(address) : undefined;
  if (!groups) return address;
  if (isIpv4Mapped(groups)) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const network = groups.map((group, index) => {
    const keptBits = Math.min(GROUP_BITS, Math.max(0, ipv6PrefixBits - index * GROUP_BITS));
    const mask = keptBits === 0 ? 0 : (0xffff << (GROUP_BITS - keptBits)) & 0xffff;
    return (group & mask).toString(16);
  });
  return `${network.join(':')}/${ipv6PrefixBits}`;
}

/** Gives every request its `client` (sameClientOf its address, under CLIENT_IPV6_PREFIX). */
export function registerClientAddress(app: FastifyInstance, config: Pick<Config, 'clientIpv6Prefix'>): void {
  app.decorateRequest('client', {
    getter() {
      return sameClientOf(this.ip, config.clientIpv6Prefix);
    },
  });
}

const isIpv4Mapped = (groups: number[]) =>
  groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/** The eight 16-bit groups of a valid IPv6 address (a zone such as `%eth0` dropped). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%', 1)[0]!.toLowerCase();
  // a dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  const zeros = IPV6_GROUPS - front.length - back.length;
  const groups = [...front, ...new Array<number>(rest === undefined ? 0 : zeros).fill(0), ...back];
  return groups.length === IPV6_GROUPS && groups.every((group) => group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}
