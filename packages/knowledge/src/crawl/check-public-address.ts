import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { resolvePublicAddress } from "./resolve-public-address.ts";

export type CheckPublicAddressOptions = { allowPrivateAddresses: boolean };

/**
 * The per-hop check of the crawler: run on the start URL, on every link and on every
 * redirect target before a request is made. Returns the parsed URL.
 * - not http(s) / unparsable → AppError BAD_REQUEST `invalidUrl`
 * - host is, or resolves to, a non-public address → AppError BAD_REQUEST `blockedAddress`
 *   (WHATWG URL parsing already turns 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1).
 * Ports: any port is allowed. Unless private addresses are allowed the host is proven
 * public, so a port can only reach a service the internet can reach anyway.
 * This check is advisory for DNS names (it gives a clear early refusal); the binding check
 * is the socket's own lookup (`createSafeLookup`), which validates the address it connects
 * to, so a DNS answer that changes between here and the connect (rebinding) is still caught.
 */
export async function checkPublicAddress(
  url: string | URL,
  options: CheckPublicAddressOptions,
): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.invalidUrl);
  }
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.hostname) {
    throw new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.invalidUrl);
  }
  if (!options.allowPrivateAddresses) {
    await resolvePublicAddress(parsed.hostname, { allowPrivateAddresses: false });
  }
  return parsed;
}
