import { useCallback, useEffect, useRef, useState } from "react";

/** How long a copy button says it copied. */
const COPIED_MS = 2000;

/**
 * Copies text and says so on the button for a moment ('Link copied!', 'Post copied!').
 * `failed` is set when the browser refused the clipboard (insecure page, no permission), so
 * the button can say that instead of pretending.
 */
export function useCopyFeedback(): {
  copied: boolean;
  failed: boolean;
  copy: (text: string) => Promise<void>;
} {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  const copy = useCallback(async (text: string) => {
    let next: "copied" | "failed";
    try {
      await navigator.clipboard.writeText(text);
      next = "copied";
    } catch {
      next = "failed";
    }
    setState(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), COPIED_MS);
  }, []);
  return { copied: state === "copied", failed: state === "failed", copy };
}
