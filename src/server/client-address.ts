const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The four octets of a dotted-quad IPv4 address, or undefined. */
function parseIPv4(text: string): number[] | undefined {
  const octets = IPV4.exec(text)?.slice(1).map(Number);
  return octets?.every((o) => o <= 255) ? octets : undefined;
}

/** The 16-bit groups of one side of an IPv6 `::`; a dotted IPv4 tail (two groups) only where allowed. */
function parseGroups(part: string, ipv4Tail: boolean): number[] | undefined {
  if (part === "") return [];
  const pieces = part.split(":");
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    const v4 = ipv4Tail && i === pieces.length - 1 ? parseIPv4(piece) : undefined;
    if (v4) groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    else if (HEXTET.test(piece)) groups.push(parseInt(piece, 16));
    else return undefined;
  }
  return groups;
}

/** The eight groups of an IPv6 address in any textual form (`::`, embedded IPv4), or undefined. */
function parseIPv6(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  if (halves.length === 1) {
    const groups = parseGroups(text, true);
    return groups?.length === 8 ? groups : undefined;
  }
  const head = parseGroups(halves[0]!, false);
  const tail = parseGroups(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return undefined;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** Strips what may surround an address in a header: `[v6]:port`, `v4:port` and an IPv6 zone id. */
function bareAddress(text: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  return text.includes(":") ? text.split("%")[0]! : text;
}

/**
 * The throttling key for a client address: IPv4 as a dotted quad, IPv4-mapped IPv6 (`::ffff:a.b.c.d`)
 * as its IPv4, any other IPv6 as its /64 (`2001:db8:1:2::/64`), since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh bucket per request. Text that is no address is kept
 * (trimmed, lower-cased) so it still gets a bucket of its own; null only when there is no address.
 */
export function addressKey(ip: string | null | undefined): string | null {
  const text = ip?.trim().toLowerCase().slice(0, 100) ?? "";
  if (text === "") return null;
  const bare = bareAddress(text);
  const v4 = parseIPv4(bare);
  if (v4) return v4.join(".");
  const v6 = parseIPv6(bare);
  if (!v6) return text;
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255].join(".");
  }
  return `${v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The longest text read as an address: any IPv6 form with a zone id and port fits, a flood of text does not. */
const ADDRESS_MAX = 100;

/**
 * A client address as stored (activity log, sessions, contact messages, last sign-in): the IPv4 or IPv6
 * address itself, without brackets, port or zone id; null for anything that is no IP address, so text a
 * client wrote into a header is never stored.
 */
export function validAddress(text: string | null | undefined): string | null {
  const trimmed = text?.trim().toLowerCase() ?? "";
  if (trimmed === "" || trimmed.length > ADDRESS_MAX) return null;
  const bare = bareAddress(trimmed);
  if (parseIPv4(bare)) return bare;
  return parseIPv6(bare) ? bare : null;
}

/** The header read when `TRUST_PROXY_HEADERS` is on and CLIENT_ADDRESS_HEADER names none. */
export const DEFAULT_CLIENT_ADDRESS_HEADER = "x-forwarded-for";

/** What the address is read from: the request's headers and the platform's own client address. */
export interface AddressSource {
  header(name: string): string | undefined;
  /** Netlify's context.ip (the socket's address on the node server). */
  platformIp: string | undefined;
}

/**
 * The one source of the client's address: the platform's (Netlify's context.ip, the socket's on the node
 * server), unless `trustedHeader` is given (TRUST_PROXY_HEADERS: `npm run dev`, the production-like server
 * behind its proxy, the benches), when that one configured header wins. Any other header is anyone's to
 * write and is ignored. Of a comma-separated list (X-Forwarded-For) the last entry is taken: the one the
 * nearest proxy added. Whatever is not an IP address is no address (null).
 */
export function clientAddress(source: AddressSource, trustedHeader: string | undefined): string | null {
  if (trustedHeader) {
    const value = source.header(trustedHeader);
    // A header longer than any list of addresses is not read at all (no split of 10,000 characters).
    const last = value && value.length <= ADDRESS_MAX * 20 ? value.split(",").at(-1) : undefined;
    const forwarded = validAddress(last);
    if (forwarded) return forwarded;
  }
  return validAddress(source.platformIp);
}
