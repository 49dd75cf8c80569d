import type { GenericOAuthConfig } from "better-auth/plugins";
import type { Config } from "../config.ts";

/**
 * Google and GitHub through the generic OAuth plugin, so their endpoints are configurable:
 * production uses the real issuers, tests point them at a local fake server speaking the
 * same protocol. A provider appears only when its client id and secret are configured.
 */
export function oauthProviders(config: Config): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.google) {
    providers.push({
      providerId: "google",
      name: "Google",
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
      scopes: ["openid", "email", "profile"],
      pkce: true,
    });
  }
  if (config.github) {
    const { baseUrl, apiUrl, clientId, clientSecret } = config.github;
    providers.push({
      providerId: "github",
      name: "GitHub",
      clientId,
      clientSecret,
      authorizationUrl: `${baseUrl}/login/oauth/authorize`,
      tokenUrl: `${baseUrl}/login/oauth/access_token`,
      scopes: ["read:user", "user:email"],
      // GitHub has no OIDC userinfo: the profile and the verified primary address come
      // from two REST calls.
      getUserInfo: async (tokens) => {
        if (!tokens.accessToken) return null;
        const headers = {
          authorization: `Bearer ${tokens.accessToken}`,
          accept: "application/vnd.github+json",
        };
        const profileResponse = await fetch(`${apiUrl}/user`, { headers });
        if (!profileResponse.ok) return null;
        const profile = (await profileResponse.json()) as {
          id: number;
          login: string;
          name: string | null;
          avatar_url: string | null;
        };
        const emailsResponse = await fetch(`${apiUrl}/user/emails`, { headers });
        const emails = emailsResponse.ok
          ? ((await emailsResponse.json()) as { email: string; primary: boolean; verified: boolean }[])
          : [];
        // Only an address GitHub has verified may identify (and link to) a Liftoff user.
        const verified = Array.isArray(emails) ? emails.filter((e) => e.verified) : [];
        const chosen = verified.find((e) => e.primary) ?? verified[0];
        return {
          id: String(profile.id),
          name: profile.name ?? profile.login,
          email: chosen?.email,
          emailVerified: Boolean(chosen),
          image: profile.avatar_url ?? undefined,
        };
      },
    });
  }
  return providers;
}
