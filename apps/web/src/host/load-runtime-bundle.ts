import type { BundleAnswer, BundleFetcher } from "./fetch-runtime-bundle.ts";
import type { AppLookup } from "./host-route.ts";

export type TokenStore = {
  read: (appId: string) => string | null;
  clear: (appId: string) => void;
};

/**
 * Loads an app's bundle with the visitor's token for that app. A slug or host does not say
 * which app (and so which token) it is, so the first request goes without one; a private
 * app's 403 names the app, and when a token for it is kept the request is repeated with it.
 * A refused token is forgotten and the request repeated without it, so an expired sign-in
 * reads as "signed out" rather than as an error.
 */
export async function loadRuntimeBundle(
  lookup: AppLookup,
  tokens: TokenStore,
  fetcher: BundleFetcher,
): Promise<BundleAnswer> {
  const knownAppId = "appId" in lookup ? lookup.appId : null;
  const firstToken = knownAppId ? tokens.read(knownAppId) : null;
  let answer = await fetcher(lookup, firstToken);

  if (answer.status === "unauthorized" && knownAppId) {
    tokens.clear(knownAppId);
    answer = await fetcher(lookup, null);
  }
  if (answer.status === "forbidden" && answer.appId && !firstToken) {
    const appId = answer.appId;
    const token = tokens.read(appId);
    if (token) {
      const retried = await fetcher(lookup, token);
      if (retried.status !== "unauthorized") return retried;
      tokens.clear(appId);
    }
  }
  // A 401 left at this point (no token was sent) is the server saying "sign in".
  return answer.status === "unauthorized" ? { status: "forbidden", appId: knownAppId, app: null } : answer;
}
