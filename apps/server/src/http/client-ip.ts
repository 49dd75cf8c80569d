import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address, for the login limits. With TRUST_PROXY_HOPS = 0 (the default) it is
 * the socket's peer: X-Forwarded-For is anyone's to write, so it is ignored. Behind N
 * reverse proxies of our own, the peer is the nearest proxy and the client is the N-th
 * address from the right of [X-Forwarded-For…, peer] — each proxy appends the address it
 * saw, so the entries further left are the client's own claims and are never trusted.
 */
export function clientIp(c: Context, trustProxyHops: number): string {
  const peer = socketAddress(c);
  if (trustProxyHops <= 0) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? peer;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
