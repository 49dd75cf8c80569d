import { AppError, isSafeRedirect } from "@liftoff/domain";

export const CONTINUE_URL_MESSAGE = "continueUrl must be a path on this site";

/**
 * The page a mail link continues to after the handler (`continueUrl`), checked on the
 * server: the web handler follows only safe paths, but the link is in a mail sent by us,
 * so an outside address must never get into it at all. A path on this site is kept; an
 * absolute URL is accepted only on the platform's own origin and turned into its path;
 * anything else is a 400.
 */
export function safeContinueUrl(publicUrl: string, value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  let path = value;
  if (!value.startsWith("/")) {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || url.origin !== new URL(publicUrl).origin) throw invalid();
    path = `${url.pathname}${url.search}${url.hash}`;
  }
  if (!isSafeRedirect(path)) throw invalid();
  return path;
}

function invalid(): AppError {
  return new AppError("VALIDATION_FAILED", CONTINUE_URL_MESSAGE, {
    fields: [{ path: "continueUrl", message: CONTINUE_URL_MESSAGE }],
  });
}
