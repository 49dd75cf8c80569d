import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { appUsersApi } from "../app-users/app-users-api.ts";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { type ViewAs, viewAsKey } from "./view-as.ts";

/** Refresh this long before the admin preview token expires. */
const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MS = 10_000;

export type PreviewToken =
  | { status: "loading"; token: null; frameGrant: null; error: null }
  | { status: "ready"; token: string | null; frameGrant: string; error: null }
  | { status: "error"; token: null; frameGrant: null; error: string };

/** The preview's token for an identity: the builder's admin token, none, or an end user's. */
async function fetchPreviewToken(appId: string, viewAs: ViewAs) {
  if (viewAs.kind === "user") return appUsersApi(appId).viewAsToken(viewAs.userId);
  const answer = await spaceAppApi.previewToken(appId);
  // An anonymous visitor holds no token; the frame grant still opens the draft.
  return viewAs.kind === "anonymous" ? { ...answer, token: null } : answer;
}

/**
 * The token for the preview frame, kept fresh before it expires, with the app's frame grant
 * the preview frame's URL needs to open drafts: by default the builder's short-lived
 * app-admin token (`kind: admin`); "View as" an anonymous visitor gives none, and as an end
 * user a short-lived token of that user minted for the app's builders. The platform session
 * never enters the frame: only this token.
 */
export function usePreviewToken(appId: string, viewAs: ViewAs, onRefresh: (token: string | null) => void) {
  const [state, setState] = useState<PreviewToken>({
    status: "loading",
    token: null,
    frameGrant: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;
  const viewAsRef = useRef(viewAs);
  viewAsRef.current = viewAs;
  const identity = viewAsKey(viewAs);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger, identity the viewer's.
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fetchToken = async (first: boolean) => {
      try {
        const { token, expiresAt, frameGrant } = await fetchPreviewToken(appId, viewAsRef.current);
        if (cancelled) return;
        setState({ status: "ready", token, frameGrant, error: null });
        if (!first) onRefreshRef.current(token);
        const wait = Math.max(MIN_REFRESH_MS, new Date(expiresAt).getTime() - Date.now() - REFRESH_MARGIN_MS);
        timer = setTimeout(() => void fetchToken(false), wait);
      } catch (error) {
        if (cancelled) return;
        // A failed refresh keeps the current token; only the first load shows an error.
        if (first) setState({ status: "error", token: null, frameGrant: null, error: errorMessage(error) });
        else timer = setTimeout(() => void fetchToken(false), MIN_REFRESH_MS);
      }
    };
    setState({ status: "loading", token: null, frameGrant: null, error: null });
    void fetchToken(true);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [appId, attempt, identity]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
