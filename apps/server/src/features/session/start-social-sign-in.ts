import { AppError, type SocialProvider } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { configuredProviders } from "./configured-providers.ts";

/**
 * Begins an OAuth sign-in in the popup: asks the auth library for the provider's
 * authorization URL (it stores state and the PKCE verifier in a signed cookie) and answers
 * with a redirect carrying that cookie. The provider sends the browser back to the
 * library's callback, which sets the session cookie and lands on /auth/handler?mode=social.
 */
export async function startSocialSignIn(options: {
  deps: Pick<Deps, "auth" | "config">;
  provider: SocialProvider;
  popup: boolean;
  headers: Headers;
}): Promise<Response> {
  const { deps, provider, popup, headers } = options;
  if (!configuredProviders(deps.config).includes(provider)) {
    throw new AppError("NOT_FOUND", `Sign-in with ${provider} is not configured on this server`);
  }
  const callbackURL = `/auth/handler?mode=social${popup ? "&popup=1" : ""}`;
  const response = await deps.auth.api.signInSocial({
    body: { provider, callbackURL, errorCallbackURL: callbackURL, disableRedirect: true },
    headers,
    asResponse: true,
  });
  const body = (await response.json()) as { url?: string };
  if (!response.ok || !body.url)
    throw new AppError("SERVICE_UNAVAILABLE", `Could not start sign-in with ${provider}`);
  const redirect = new Response(null, { status: 302, headers: { location: body.url } });
  for (const cookie of response.headers.getSetCookie()) redirect.headers.append("set-cookie", cookie);
  return redirect;
}
