import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { resolvePublicAddress } from "./resolve-public-address.ts";

/**
 * The `lookup` handed to node:http(s) so the address that is validated is the address the
 * socket connects to (DNS rebinding cannot swap it afterwards). Every address is checked;
 * the socket only ever sees checked ones. Node 20 asks with `all: true` (happy eyeballs)
 * and expects a list, older call sites ask for one address: both shapes are answered.
 * IP literals never reach a lookup (net connects to them directly), which is why
 * `checkPublicAddress` runs before every request as well.
 */
export function createSafeLookup(options: { allowPrivateAddresses: boolean }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolvePublicAddress(hostname, {
      allowPrivateAddresses: options.allowPrivateAddresses,
      family: familyNumber(lookupOptions.family),
    }).then(
      (addresses: LookupAddress[]) => {
        if (lookupOptions.all) {
          callback(null, addresses);
          return;
        }
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function familyNumber(family: number | string | undefined): number {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}
