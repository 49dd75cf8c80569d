/**
 * What the host page shows, read from the browser location. The server serves host.html for
 * `/app/{slug}/...`, `/apps/{id}/login` and every path of a custom host; on a custom host it
 * names the app in `<meta name="liftoff-app-id">`. There the app's paths have no prefix and
 * its login page is `/login`. Without the meta tag, a path outside the platform's two
 * prefixes is still read as a custom host, and the app is looked up by `location.host`.
 */
export type AppLookup = { slug: string } | { appId: string } | { host: string };

export type LoginMode =
  | { kind: "signin" }
  | { kind: "verifyEmail"; oobCode: string }
  | { kind: "resetPassword"; oobCode: string };

export type HostRoute =
  | {
      page: "app";
      lookup: AppLookup;
      customHost: boolean;
      /** Host URL prefix of the app's paths: "/app/{slug}", or "" on a custom host. */
      base: string;
      /** Path inside the app with query and hash, always starting with "/". */
      appPath: string;
    }
  | {
      page: "login";
      lookup: AppLookup;
      customHost: boolean;
      /** Where to go after sign-in, as given (checked with isSafeRedirect before use). */
      nextUrl: string | null;
      mode: LoginMode;
    };

type LocationLike = Pick<Location, "host" | "pathname" | "search" | "hash">;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function loginMode(params: URLSearchParams): LoginMode {
  const mode = params.get("mode");
  const oobCode = params.get("oobCode");
  if (oobCode && (mode === "verifyEmail" || mode === "resetPassword")) return { kind: mode, oobCode };
  return { kind: "signin" };
}

function withSlash(path: string): string {
  return path.startsWith("/") ? path : `/${path}`;
}

/** The app id a custom host's page was served with, if any. */
export function customHostAppId(doc: Pick<Document, "querySelector"> = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="liftoff-app-id"]')?.content || null;
}

/**
 * Reads the route; null for a platform path the host page does not serve (e.g. "/app/").
 * `hostAppId` is the custom host's app from the page's meta tag (`customHostAppId()`).
 */
export function parseHostRoute(location: LocationLike, hostAppId: string | null = null): HostRoute | null {
  const { pathname, search, hash } = location;
  const params = new URLSearchParams(search);
  if (hostAppId) return customHostRoute(location, { appId: hostAppId });

  const login = /^\/apps\/([^/]+)\/login\/?$/.exec(pathname);
  if (login?.[1]) {
    const appId = decode(login[1]);
    if (!appId) return null;
    return {
      page: "login",
      lookup: { appId },
      customHost: false,
      nextUrl: params.get("nextUrl"),
      mode: loginMode(params),
    };
  }

  const app = /^\/app\/([^/]+)(\/.*)?$/.exec(pathname);
  if (app?.[1]) {
    const slug = decode(app[1]);
    if (!slug) return null;
    return {
      page: "app",
      lookup: { slug },
      customHost: false,
      base: `/app/${app[1]}`,
      appPath: `${withSlash(app[2] ?? "/")}${search}${hash}`,
    };
  }
  if (pathname === "/app" || pathname.startsWith("/app/") || pathname.startsWith("/apps/")) return null;

  return customHostRoute(location, { host: location.host });
}

function customHostRoute(location: LocationLike, lookup: AppLookup): HostRoute {
  const { pathname, search, hash } = location;
  const params = new URLSearchParams(search);
  if (/^\/login\/?$/.test(pathname)) {
    return {
      page: "login",
      lookup,
      customHost: true,
      nextUrl: params.get("nextUrl"),
      mode: loginMode(params),
    };
  }
  return {
    page: "app",
    lookup,
    customHost: true,
    base: "",
    appPath: `${withSlash(pathname)}${search}${hash}`,
  };
}

/** The host URL showing `appPath` of an app under `base`. */
/** The page's own URL as the host mirrors it: path, query and hash. */
export function currentHostUrl(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

export function hostUrlOf(base: string, appPath: string): string {
  const path = withSlash(appPath);
  if (!base) return path;
  if (path === "/") return base;
  // The app's home with a query or hash: "/app/tb?q=1", not "/app/tb/?q=1".
  if (path.startsWith("/?") || path.startsWith("/#")) return `${base}${path.slice(1)}`;
  return `${base}${path}`;
}

/** The app's login page with a way back: `/apps/{id}/login?nextUrl=`, or `/login` on a custom host. */
export function loginUrlOf(appId: string | null, customHost: boolean, nextUrl: string): string {
  const query = new URLSearchParams({ nextUrl }).toString();
  if (customHost || !appId) return `/login?${query}`;
  return `/apps/${encodeURIComponent(appId)}/login?${query}`;
}

/** Query string of GET /runtime/bundle for a lookup. */
export function bundleQueryOf(lookup: AppLookup): string {
  const params = new URLSearchParams(
    "slug" in lookup
      ? { slug: lookup.slug }
      : "appId" in lookup
        ? { appId: lookup.appId }
        : { host: lookup.host },
  );
  return params.toString();
}
