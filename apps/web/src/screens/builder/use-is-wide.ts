import { useSyncExternalStore } from "react";
import { EDITOR_MOBILE_BREAKPOINT } from "./builder-state.ts";

const QUERY = `(min-width: ${EDITOR_MOBILE_BREAKPOINT}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** Whether the builder has its wide layout (spec section 9: below 1024 px it is mobile). */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
