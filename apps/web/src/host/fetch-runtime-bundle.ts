import { AppError, parsePublicAppInfo, parseRuntimeBundle, type RuntimeBundle } from "@liftoff/domain";
import { request } from "../lib/api.ts";
import { type AppLookup, bundleQueryOf } from "./host-route.ts";

/** What a private app's 403 may tell about it: enough to brand its login page. */
export type PublicAppInfo = Partial<RuntimeBundle["app"]>;

export type BundleAnswer =
  | { status: "ok"; bundle: RuntimeBundle }
  /**
   * Private (for this visitor): sign in first. `notPublished`: the app has never been
   * published (or was taken down), which no sign-in of a visitor changes.
   */
  | { status: "forbidden"; appId: string | null; app: PublicAppInfo | null; notPublished?: true }
  /** The token was refused (expired, or for another app). */
  | { status: "unauthorized" }
  | { status: "notFound" }
  | { status: "error"; message: string };

/** Reads the app id, public details and reason a 403 carries, tolerating any shape. */
export function readForbiddenDetails(details: unknown): {
  appId: string | null;
  app: PublicAppInfo | null;
  notPublished?: true;
} {
  if (typeof details !== "object" || details === null || Array.isArray(details))
    return { appId: null, app: null };
  const given = details as Record<string, unknown>;
  const optionalString = (value: unknown) => value === undefined || typeof value === "string";
  if (!optionalString(given.appId) || !optionalString(given.slug)) return { appId: null, app: null };
  const info = given.app === undefined ? null : parsePublicAppInfo(given.app);
  const appId = (given.appId as string | undefined) ?? info?.id ?? null;
  // The server's 403 names the app by id and slug; richer details (name, icon) are used when given.
  const slug = (given.slug as string | undefined) ?? info?.slug;
  const merged = info || slug ? { ...info, ...(slug ? { slug } : {}) } : null;
  return {
    appId,
    app: merged,
    ...(given.reason === "not_published" ? { notPublished: true as const } : {}),
  };
}

export type BundleFetcher = (lookup: AppLookup, token: string | null) => Promise<BundleAnswer>;

/** GET /runtime/bundle for a lookup, with an app token as bearer; every failure is an answer. */
export const fetchRuntimeBundle: BundleFetcher = async (lookup, token) => {
  try {
    const bundle = await request(
      "GET",
      `/runtime/bundle?${bundleQueryOf(lookup)}`,
      undefined,
      parseRuntimeBundle,
      {
        token,
      },
    );
    return { status: "ok", bundle };
  } catch (error) {
    if (!(error instanceof AppError)) return { status: "error", message: "Could not load the app" };
    if (error.status === 403) return { status: "forbidden", ...readForbiddenDetails(error.details) };
    if (error.status === 401) return { status: "unauthorized" };
    if (error.status === 404) return { status: "notFound" };
    return { status: "error", message: error.message };
  }
};
