import { useEffect, useRef, useState } from "react";
import { TYPING_MS_PER_CHAR, typedPrefix } from "./share-urls.ts";

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/**
 * The post typing itself out (spec: "a typing preview of the post"). It types once per
 * `animateKey` (each opening of the dialog); edits after that show at once rather than
 * typing again on every keystroke. Screen readers get the whole post; with reduced motion
 * the post simply shows.
 */
export function TypingPreview({ text, animateKey }: { text: string; animateKey: number }) {
  const [elapsed, setElapsed] = useState(() => (prefersReducedMotion() ? Number.POSITIVE_INFINITY : 0));
  const length = useRef(text.length);
  length.current = Array.from(text).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: types again only when the key changes, by design
  useEffect(() => {
    if (prefersReducedMotion()) {
      setElapsed(Number.POSITIVE_INFINITY);
      return;
    }
    const startedAt = performance.now();
    setElapsed(0);
    let frame = requestAnimationFrame(function step(now) {
      const spent = now - startedAt;
      if (spent >= length.current * TYPING_MS_PER_CHAR) {
        setElapsed(Number.POSITIVE_INFINITY);
        return;
      }
      setElapsed(spent);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [animateKey]);
  const shown = elapsed === Number.POSITIVE_INFINITY ? text : typedPrefix(text, elapsed);
  const typing = shown.length < text.length;
  return (
    <div className="min-h-20 rounded-lg border border-border bg-muted/50 p-3 text-sm leading-6 break-words whitespace-pre-wrap">
      <span aria-hidden="true">
        {shown}
        {typing ? (
          <span className="ml-px inline-block h-4 w-px translate-y-0.5 animate-pulse bg-foreground" />
        ) : null}
      </span>
      <span className="sr-only">{text}</span>
    </div>
  );
}
