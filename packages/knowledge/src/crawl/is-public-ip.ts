import ipaddr from "ipaddr.js";

// The only IPv6 block handed out for global unicast today. Everything outside it (for
// example the deprecated IPv4-compatible ::a.b.c.d, which ipaddr.js calls "unicast") is
// refused, so no embedded private IPv4 form can slip through.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an IP address (v4 or v6, no brackets) is an ordinary public unicast address.
 * ipaddr.js names every special block (loopback, private, linkLocal incl. 169.254.169.254,
 * carrierGradeNat, uniqueLocal, multicast, unspecified 0.0.0.0/8, reserved, ...), so
 * anything it does not call "unicast" is refused. `process` first unwraps IPv4-mapped IPv6
 * (::ffff:127.0.0.1) so the IPv4 rules judge it.
 */
export function isPublicIp(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  const ip = ipaddr.process(bare);
  if (ip.range() !== "unicast") return false;
  if (ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6)) return false;
  return true;
}
