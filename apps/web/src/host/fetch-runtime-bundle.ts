import { AppError, type RuntimeBundle, runtimeBundleSchema } from "@liftoff/domain";
import { z } from "zod";
import { request } from "../lib/api.ts";
import { type AppLookup, bundleQueryOf } from "./host-route.ts";

/** What a private app's 403 may tell about it: enough to brand its login page. */
export const publicAppInfoSchema = runtimeBundleSchema.shape.app.partial();
export type PublicAppInfo = z.infer<typeof publicAppInfoSchema>;

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

const forbiddenDetailsSchema = z
  .object({
    appId: z.string().optional(),
    slug: z.string().optional(),
    app: z.unknown().optional(),
    reason: z.unknown().optional(),
  })
  .catchall(z.unknown());

/** Reads the app id, public details and reason a 403 carries, tolerating any shape. */
export function readForbiddenDetails(details: unknown): {
  appId: string | null;
  app: PublicAppInfo | null;
  notPublished?: true;
} {
  const parsed = forbiddenDetailsSchema.safeParse(details);
  if (!parsed.success) return { appId: null, app: null };
  const app = publicAppInfoSchema.safeParse(parsed.data.app);
  const info = app.success && app.data ? app.data : null;
  const appId = parsed.data.appId ?? info?.id ?? null;
  // The server's 403 names the app by id and slug; richer details (name, icon) are used when given.
  const slug = parsed.data.slug ?? info?.slug;
  const merged = info || slug ? { ...info, ...(slug ? { slug } : {}) } : null;
  return {
    appId,
    app: merged,
    ...(parsed.data.reason === "not_published" ? { notPublished: true as const } : {}),
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
      runtimeBundleSchema,
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
