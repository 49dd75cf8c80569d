import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { blockedAddressError } from "./blocked-address-error.ts";
import { isPublicIp } from "./is-public-ip.ts";

export type ResolvePublicAddressOptions = {
  /** Skip the public-address rule (self-hosted installs crawling their intranet, tests). */
  allowPrivateAddresses: boolean;
  /** 4 or 6 when the socket asks for one family; 0/undefined for both. */
  family?: number;
};

/**
 * Resolves a hostname (or an IP literal, brackets allowed) to every address it has and
 * refuses the whole host when ANY of them is not public: a host answering both a public and
 * a private address must not get a chance to be connected through the private one.
 * Throws AppError BAD_REQUEST `blockedAddress`; DNS failures are rethrown as they are.
 */
export async function resolvePublicAddress(
  hostname: string,
  options: ResolvePublicAddressOptions,
): Promise<LookupAddress[]> {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const literalFamily = isIP(bare);
  const addresses: LookupAddress[] = literalFamily
    ? [{ address: bare, family: literalFamily }]
    : await lookup(bare, { all: true, verbatim: true, family: options.family ?? 0 });
  if (addresses.length === 0) throw Object.assign(new Error(`No address for ${bare}`), { code: "ENOTFOUND" });
  if (!options.allowPrivateAddresses && addresses.some((entry) => !isPublicIp(entry.address))) {
    throw blockedAddressError(bare);
  }
  return addresses;
}
