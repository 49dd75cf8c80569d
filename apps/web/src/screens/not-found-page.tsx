import { Button } from "@liftoff/ui";
import { ArrowLeftIcon, CompassIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useSession } from "../lib/session.tsx";

export function NotFoundPage() {
  const { status } = useSession();
  const location = useLocation();
  const home = status === "signedIn" ? "/apps" : "/";
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20 sm:py-28">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-xl border border-border bg-background text-muted-foreground shadow-sm">
          <CompassIcon className="size-5" aria-hidden />
        </div>
        <p className="mt-6 text-sm font-semibold text-primary">404</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
          Page not found
        </h1>
        <p className="mt-3 text-base text-muted-foreground">
          We couldn't find{" "}
          <span className="break-all font-mono text-sm text-foreground">{location.pathname}</span>. It may
          have moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Button variant="outline" size="lg" onClick={() => window.history.back()}>
            <ArrowLeftIcon /> Go back
          </Button>
          <Button asChild size="lg" data-testid="not-found-home">
            <Link to={home}>{status === "signedIn" ? "Back to your apps" : "Back home"}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
