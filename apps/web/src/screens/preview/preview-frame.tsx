import type { AppRuntimeError } from "@liftoff/domain";
import { Spinner } from "@liftoff/ui";
import { type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { appStorageKey, useAppFrame } from "../../runtime-host/index.ts";
import { fitViewport, type Viewport } from "./viewports.ts";

export type PreviewFrameHandle = { navigate(path: string): void; reload(): void };

export type PreviewFrameProps = {
  appId: string;
  versionId: string;
  viewport: Viewport;
  /** The app token the frame holds; null for an anonymous visitor ("View as"). */
  token: string | null;
  /** Opens the draft's frame (GET /runtime/frame serves drafts only with it). */
  frameGrant: string;
  onError: (error: AppRuntimeError) => void;
  onPath: (path: string) => void;
  handleRef: Ref<PreviewFrameHandle>;
};

/** Watches the size of the area the frame may use. */
function useAreaSize() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/**
 * The draft of the app in its sandboxed frame (runtime-host), at the chosen viewport: a
 * fixed viewport keeps its CSS size and is scaled down to fit the area.
 */
export function PreviewFrame({
  appId,
  versionId,
  viewport,
  token,
  frameGrant,
  onError,
  onPath,
  handleRef,
}: PreviewFrameProps) {
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const [loading, setLoading] = useState(true);
  const frame = useAppFrame({
    appId,
    versionId,
    frameGrant,
    channel: "draft",
    path: "/",
    preview: true,
    storageKey: appStorageKey(appId),
    getToken: () => tokenRef.current,
    onError: (error) => {
      setLoading(false);
      onError(error);
    },
    onNavigate: onPath,
    onRendered: () => setLoading(false),
    title: "App preview",
  });
  const { setToken, navigate, reload } = frame;

  useEffect(() => setToken(token), [token, setToken]);
  // A new draft version restarts the frame (its src changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: versionId is the trigger.
  useEffect(() => setLoading(true), [versionId]);
  // The frame reports `rendered`; if an app never renders (a blank page), stop waiting anyway.
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), 8000);
    return () => clearTimeout(timer);
  }, [loading]);

  useImperativeHandle(
    handleRef,
    () => ({
      navigate,
      reload: () => {
        setLoading(true);
        reload();
      },
    }),
    [navigate, reload],
  );

  const area = useAreaSize();
  const box = fitViewport(viewport, area.size);
  const fixed = viewport.width !== null;

  return (
    <div ref={area.ref} className="relative flex min-h-0 flex-1 items-start justify-center overflow-hidden">
      <div
        className={fixed ? "relative shrink-0" : "absolute inset-0"}
        style={fixed ? { width: box.width * box.scale, height: box.height * box.scale } : undefined}
        data-testid="preview-viewport-box"
        data-viewport={viewport.id}
        data-scale={box.scale}
      >
        <iframe
          {...frame.frameProps}
          data-testid="preview-frame"
          // The outline is a ring (a shadow), not a border: with border-box sizing a border
          // would take 2 px off the viewport the app sees (766 instead of 768).
          className={
            fixed
              ? "absolute top-0 left-0 origin-top-left rounded-xl border-0 bg-white shadow-lg ring-1 ring-border"
              : "size-full border-0 bg-white"
          }
          style={
            fixed ? { width: box.width, height: box.height, transform: `scale(${box.scale})` } : undefined
          }
        />
        {loading ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-background/60">
            <Spinner size="md" label="Loading preview" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
