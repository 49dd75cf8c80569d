import { Button, Card, EmptyState, PageHeader } from "@liftoff/ui";
import { ArrowLeftIcon, ArrowUpRightIcon, PackageIcon, PackageOpenIcon } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "../../lib/session.tsx";

/** /apps/packages: the ready-made app packages on the account, each opening its shared app. */
export function PackagesPage() {
  const { account } = useSession();
  const packages = account?.appPackages ?? [];

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
          <Link to="/apps">
            <ArrowLeftIcon />
            Apps
          </Link>
        </Button>
        <PageHeader
          title="App packages"
          description="Ready-made apps included with your account. Open one to start using it."
          className="pb-0"
        />
      </div>

      {packages.length === 0 ? (
        <EmptyState
          icon={PackageOpenIcon}
          title="No app packages yet"
          description="When an app package is added to your account, it shows up here, ready to open."
          action={
            <Button variant="outline" asChild>
              <Link to="/apps">Back to your apps</Link>
            </Button>
          }
          className="py-16"
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="App packages">
          {packages.map((pkg, index) => (
            <li key={`${pkg.appId}-${pkg.sharedAppId}`} className="flex">
              <Card className="flex w-full flex-col gap-4 p-5" data-testid="package-card">
                <div className="flex items-start gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
                    <PackageIcon className="size-5" aria-hidden />
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-base font-semibold tracking-tight">App package {index + 1}</h3>
                    <p className="truncate font-mono text-xs text-muted-foreground" title={pkg.appId}>
                      {pkg.appId}
                    </p>
                  </div>
                </div>
                <Button asChild variant="outline" className="mt-auto w-full">
                  <Link to={`/app/${pkg.sharedAppId}`} data-testid="package-open">
                    Open app
                    <ArrowUpRightIcon />
                  </Link>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
