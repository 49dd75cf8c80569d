import { useEffect } from "react";
import { useBlocker } from "react-router";
import { UNSAVED_CHANGES_MESSAGE } from "./builder-state.ts";

/**
 * Asks 'You have unsaved changes! Are you sure you want to leave?' while `active`: the
 * browser's own prompt on reload/close (beforeunload), and a confirm on in-app navigation
 * to another page. Query changes inside the builder (opening panels) are not leaving, nor
 * is moving to another address under `within` (a generated app's /tools/{toolId} panels).
 */
export function useLeaveGuard(active: boolean, within?: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(within !== undefined && isWithin(nextLocation.pathname, within)),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}

/** `pathname` is `prefix` or an address below it. */
export function isWithin(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
