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
        const headers = { authorization: `Bearer ${tokens.accessToken}`, accept: "application/vnd.github+json" };
        const profile = (await (await fetch(`${apiUrl}/user`, { headers })).json()) as {
          id: number;
          login: string;
          name: string | null;
          avatar_url: string | null;
          email: string | null;
        };
        const emails = (await (await fetch(`${apiUrl}/user/emails`, { headers })).json()) as {
          email: string;
          primary: boolean;
          verified: boolean;
        }[];
        const primary = Array.isArray(emails) ? (emails.find((e) => e.primary) ?? emails[0]) : undefined;
        return {
          id: String(profile.id),
          name: profile.name ?? profile.login,
          email: primary?.email ?? profile.email ?? undefined,
          emailVerified: primary?.verified ?? false,
          image: profile.avatar_url ?? undefined,
        };
      },
    });
  }
  return providers;
}
