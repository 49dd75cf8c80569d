import type { AppSummary } from "@liftoff/domain";
import { Badge, Button, Spinner } from "@liftoff/ui";
import { ArrowLeftIcon, ChartColumnIcon, CheckIcon, EyeIcon, PencilIcon } from "lucide-react";
import { Link } from "react-router";
import { AppIcon } from "../app-details/app-icon.tsx";
import { type BuilderHeaderState, builderHeaderState, HEADER_STATE_LABELS } from "./builder-state.ts";
import { PublishControl } from "./publish-control.tsx";
import { useSaveTracker } from "./save-tracker.tsx";

function HeaderStateBadge({ state }: { state: BuilderHeaderState }) {
  const variant = state === "published" ? "success" : state === "saving" ? "default" : "secondary";
  return (
    <Badge variant={variant} data-testid="builder-app-state" data-state={state}>
      {state === "saving" ? <Spinner size="xs" label="Saving" /> : null}
      {HEADER_STATE_LABELS[state]}
    </Badge>
  );
}

export type SpaceBuilderHeaderProps = {
  app: AppSummary;
  icon: string | null;
  wide: boolean;
  /** Mobile: Done shows, back to the main panel (not where the open panel has its own). */
  showDone: boolean;
  onDone: () => void;
  /** Mobile: the preview is shown instead of the panel. */
  previewShown: boolean;
  onTogglePreview: () => void;
  onSummary: (summary: AppSummary) => void;
  onOpenFile?: (file: string, line: number) => void;
};

/** Header of a space app's builder: name, state, analytics, publish; Done and preview toggle on mobile. */
export function SpaceBuilderHeader(props: SpaceBuilderHeaderProps) {
  const { app, icon, wide, showDone, onDone, previewShown, onTogglePreview, onSummary, onOpenFile } = props;
  const { inFlight } = useSaveTracker();
  const published = app.status === "published";
  const state = builderHeaderState({ published, savesInFlight: inFlight });

  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-background px-3 py-2.5 lg:px-4">
      <div className="flex min-w-[14rem] flex-1 items-center gap-2.5">
        <Button variant="ghost" size="icon" asChild className="size-8 shrink-0">
          <Link to="/apps" aria-label="Back to apps" data-testid="builder-back">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <AppIcon icon={icon} />
        </span>
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="truncate text-[15px] font-semibold tracking-tight" data-testid="builder-app-name">
            {app.name}
          </h1>
          <HeaderStateBadge state={state} />
        </div>
      </div>

      <div className="flex items-center gap-2">
        {wide ? (
          published ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/analytics/app/${app.id}`} data-testid="builder-analytics">
                <ChartColumnIcon />
                Analytics
              </Link>
            </Button>
          ) : (
            <p
              className="flex items-center gap-1.5 text-13 text-muted-foreground"
              data-testid="builder-analytics-hint"
            >
              <ChartColumnIcon className="size-4" aria-hidden />
              Publish your app to access analytics
            </p>
          )
        ) : null}
        {!wide && showDone ? (
          <Button variant="outline" size="sm" onClick={onDone} data-testid="builder-done">
            <CheckIcon />
            Done
          </Button>
        ) : null}
        {!wide ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onTogglePreview}
            aria-pressed={previewShown}
            data-testid="builder-preview-toggle"
          >
            {previewShown ? <PencilIcon /> : <EyeIcon />}
            {previewShown ? "Edit" : "Preview"}
          </Button>
        ) : null}
        <PublishControl app={app} onSummary={onSummary} onOpenFile={onOpenFile} compact={!wide} />
      </div>
      {!wide ? (
        <div className="basis-full text-xs text-muted-foreground">
          {published ? (
            <Link
              to={`/analytics/app/${app.id}`}
              className="inline-flex items-center gap-1 text-primary hover:underline"
              data-testid="builder-analytics"
            >
              <ChartColumnIcon className="size-3.5" aria-hidden />
              Analytics
            </Link>
          ) : (
            <span data-testid="builder-analytics-hint">Publish your app to access analytics</span>
          )}
        </div>
      ) : null}
    </header>
  );
}
