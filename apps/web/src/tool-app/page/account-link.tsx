import type { PublicToolApp } from "@liftoff/domain";
import { LogInIcon, LogOutIcon } from "lucide-react";
import { useState } from "react";
import { clearAppToken, readAppToken } from "../../host/app-token-store.ts";
import { currentHostUrl, loginUrlOf } from "../../host/host-route.ts";

/**
 * Sign in / Sign out for an app with end-user sign-up: its end users' accounts are the
 * app's own (the same as space apps'), and a signed-in end user's runs remember their
 * 'memorize' answers. Sign in goes to the app's login page and comes back here.
 */
export function AccountLink({
  app,
  customHost,
}: {
  app: Pick<PublicToolApp, "appId" | "isSignupEnabled">;
  customHost: boolean;
}) {
  const [signedIn, setSignedIn] = useState(() => readAppToken(app.appId) !== null);
  const classes =
    "inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-(--tool-subheader) hover:underline";
  if (signedIn)
    return (
      <button
        type="button"
        className={classes}
        onClick={() => {
          clearAppToken(app.appId);
          setSignedIn(false);
        }}
        data-testid="tool-app-sign-out"
      >
        <LogOutIcon className="size-4" aria-hidden />
        Sign out
      </button>
    );
  if (!app.isSignupEnabled) return null;
  return (
    <a
      href={loginUrlOf(app.appId, customHost, currentHostUrl())}
      className={classes}
      data-testid="tool-app-sign-in"
    >
      <LogInIcon className="size-4" aria-hidden />
      Sign in
    </a>
  );
}
