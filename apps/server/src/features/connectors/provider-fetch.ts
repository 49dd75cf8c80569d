import { ConnectorError } from "./connector-adapter.ts";

/** How long one provider call may take before it counts as a passing failure. */
export const PROVIDER_TIMEOUT_MS = 30_000;

/**
 * One call to a provider's API. Failures become ConnectorError: a 429, a 5xx, a timeout or
 * a network error may pass (the ingest worker retries them); any other refusal (401
 * revoked, 403 no access, 404 gone) will not. The provider's own error text goes into the
 * message, which the builder never sees raw (it lands in the item's technical details).
 */
export async function providerFetch(url: string, init: RequestInit & { label: string }): Promise<Response> {
  const { label, signal, ...rest } = init;
  const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      redirect: "error",
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ConnectorError(
      `${label}: ${error instanceof Error ? error.message : String(error)}`,
      null,
      true,
    );
  }
  if (response.ok) return response;
  const text = (await response.text().catch(() => "")).slice(0, 300);
  throw new ConnectorError(
    `${label}: HTTP ${response.status}${text ? ` ${text}` : ""}`,
    response.status,
    response.status === 429 || response.status >= 500,
  );
}

/** A provider's JSON answer (a body that is not JSON is a provider failure that may pass). */
export async function providerJson<T>(url: string, init: RequestInit & { label: string }): Promise<T> {
  const response = await providerFetch(url, init);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ConnectorError(`${init.label}: the answer is not JSON`, response.status, true);
  }
}

/**
 * A provider's file, read to at most `maxBytes`: a larger file is refused without
 * downloading the rest (the declared length first, then the bytes as they come).
 */
export async function providerBytes(
  url: string,
  init: RequestInit & { label: string; maxBytes: number },
): Promise<Uint8Array> {
  const { maxBytes, ...rest } = init;
  const response = await providerFetch(url, rest);
  const tooLarge = () =>
    new ConnectorError(`${init.label}: the file is larger than ${maxBytes} bytes`, response.status, false);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  if (response.body)
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      total += part.byteLength;
      if (total > maxBytes) throw tooLarge();
      parts.push(part);
    }
  return new Uint8Array(Buffer.concat(parts));
}
