import type { PublicToolApp } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
import type { ReactNode } from "react";
import { platformRootUrl, WatermarkBadge } from "../../host/watermark-badge.tsx";
import { AccountLink } from "./account-link.tsx";
import { toolAppLogo, toolAppThemeStyle } from "./tool-app-theme-style.ts";

export type ToolAppShellProps = {
  app: PublicToolApp;
  /** Where the logo leads: the app's home ("/app/{slug}", or "/" on a custom host). */
  homeUrl: string;
  customHost: boolean;
  /** Shown inside another site (`?embed=1`): no logo, tighter margins; the watermark stays. */
  embedded?: boolean;
  children: ReactNode;
};

/**
 * The frame of every page of a published tool app: the app's style (colours, background
 * colour or image) as CSS variables, its logo linking home, a centred column that fits
 * 375 px, and the 'Made with Liftoff' badge at its foot when the plan keeps it (showWatermark), in
 * the flow so it never covers the form or a result on a phone.
 */
export function ToolAppShell({ app, homeUrl, customHost, embedded = false, children }: ToolAppShellProps) {
  const logo = embedded ? null : toolAppLogo(app.style);
  return (
    <div
      className="min-h-dvh"
      style={toolAppThemeStyle(app.style)}
      data-testid="tool-app"
      data-style={app.style.styleName}
    >
      <main
        className={cn(
          "mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-6 px-4 pb-8 sm:px-6",
          embedded ? "pt-4" : "pt-8 sm:pt-12",
        )}
      >
        {!embedded && app.isSignupEnabled ? (
          <div className="-mb-4 flex justify-end">
            <AccountLink app={app} customHost={customHost} />
          </div>
        ) : null}
        {logo ? (
          <a href={homeUrl} className="mx-auto rounded-md" data-testid="tool-app-logo">
            <img
              src={logo}
              alt={`${app.header || app.name} home`}
              referrerPolicy="no-referrer"
              className="max-h-14 max-w-40 object-contain"
            />
          </a>
        ) : null}
        {children}
        {app.showWatermark ? (
          <footer className="mt-auto flex justify-center pt-6">
            <WatermarkBadge href={platformRootUrl(customHost)} className="liftoff-watermark-inline" />
          </footer>
        ) : null}
      </main>
    </div>
  );
}
