import type { AppSummary } from "@liftoff/domain";
import {
  Badge,
  Button,
  Card,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Skeleton,
} from "@liftoff/ui";
import { ClockIcon, EllipsisVerticalIcon, ExternalLinkIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { appKindInfo } from "../../lib/app-kinds.ts";
import { formatRelativeTime } from "./relative-time.ts";

export function AppStateBadge({ status }: { status: AppSummary["status"] }) {
  return status === "published" ? (
    <Badge variant="success">Published</Badge>
  ) : (
    <Badge variant="secondary">Not published</Badge>
  );
}

type AppCardProps = {
  app: AppSummary;
  onRename: (app: AppSummary) => void;
  onDelete: (app: AppSummary) => void;
};

/** One app on /apps: kind, name, state, last update and a menu (Open, Rename, Delete). */
export function AppCard({ app, onRename, onDelete }: AppCardProps) {
  const navigate = useNavigate();
  const kind = appKindInfo(app.kind);
  const Icon = kind.icon;
  const builderPath = `/build/app/${app.id}`;

  return (
    <Card
      data-testid="app-card"
      data-app-id={app.id}
      className="group relative flex w-full flex-col gap-4 p-5 transition-[box-shadow,border-color] hover:border-neutral-300 hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span
          className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg ring-1", kind.tint)}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold tracking-tight">
            {/* The whole card is clickable through this link's overlay. */}
            <Link
              to={builderPath}
              className="after:absolute after:inset-0 after:rounded-xl"
              data-testid="app-card-link"
            >
              {app.name}
            </Link>
          </h3>
          <p className="text-13 text-muted-foreground">{kind.label}</p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative z-10 -mt-1 -mr-2 size-8 text-muted-foreground"
              aria-label={`Actions for ${app.name}`}
              data-testid="app-card-menu"
            >
              <EllipsisVerticalIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent className="w-44">
            <DropdownMenuItem onSelect={() => navigate(builderPath)} data-testid="app-open">
              <ExternalLinkIcon /> Open
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onRename(app)} data-testid="app-rename">
              <PencilIcon /> Rename
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onDelete(app)} data-testid="app-delete">
              <Trash2Icon /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
        <AppStateBadge status={app.status} />
        <span
          className="flex items-center gap-1 text-xs text-muted-foreground"
          title={new Date(app.updatedAt).toLocaleString()}
        >
          <ClockIcon className="size-3.5" aria-hidden />
          Updated {formatRelativeTime(app.updatedAt)}
        </span>
      </div>
    </Card>
  );
}

export function AppCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5" aria-hidden>
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-lg" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="flex items-center justify-between border-t border-border pt-3">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-3 w-28" />
      </div>
    </Card>
  );
}
