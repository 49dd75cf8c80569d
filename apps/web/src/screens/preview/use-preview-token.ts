import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { spaceAppApi } from "../builder/space-app-api.ts";

/** Refresh this long before the admin preview token expires. */
const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MS = 10_000;

export type PreviewToken =
  | { status: "loading"; token: null; frameGrant: null; error: null }
  | { status: "ready"; token: string; frameGrant: string; error: null }
  | { status: "error"; token: null; frameGrant: null; error: string };

/**
 * The builder's short-lived app-admin token for the preview frame (`kind: admin`), kept
 * fresh before it expires, with the app's frame grant the preview frame's URL needs to open
 * drafts. The platform session never enters the frame: only this token.
 */
export function usePreviewToken(appId: string, onRefresh: (token: string) => void) {
  const [state, setState] = useState<PreviewToken>({
    status: "loading",
    token: null,
    frameGrant: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fetchToken = async (first: boolean) => {
      try {
        const { token, expiresAt, frameGrant } = await spaceAppApi.previewToken(appId);
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
  }, [appId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
