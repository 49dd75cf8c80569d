import { isIP } from "node:net";

/**
 * The part of a client address that the per-IP limits count: an IPv4 address as is (an
 * IPv4-mapped IPv6 address is that IPv4 address), an IPv6 address by its /64 network. One
 * subscriber's connection gets a whole /64 and may pick any of its 2^64 addresses per
 * request, so counting single IPv6 addresses would let one visitor run without limit.
 * Anything that is not an address ("unknown") is kept as is.
 */
export function clientNetworkOf(ip: string): string {
  const address = ip.split("%")[0] ?? ip; // a zone id (fe80::1%eth0) names no other host
  if (isIP(address) !== 6) return ip;
  // The URL parser writes the canonical form: lowercase, compressed, IPv4 tails in hex.
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [left = "", right] = canonical.split("::");
  const head = left === "" ? [] : left.split(":");
  const tail = right === undefined || right === "" ? [] : right.split(":");
  const groups =
    right === undefined
      ? head
      : [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail];
  if (groups.slice(0, 5).every((group) => group === "0") && groups[5] === "ffff") {
    const v4 = groups.slice(6).map((group) => Number.parseInt(group, 16));
    return [v4[0]! >> 8, v4[0]! & 255, v4[1]! >> 8, v4[1]! & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}
