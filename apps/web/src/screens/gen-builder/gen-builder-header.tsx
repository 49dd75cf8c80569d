import type { SavedAppResponse } from "@liftoff/domain";
import { APP_KIND_LABELS } from "@liftoff/domain";
import { Badge, Button, cn, Spinner } from "@liftoff/ui";
import { ArrowLeftIcon, ChartColumnIcon, CheckIcon, EyeIcon, PencilIcon, RocketIcon } from "lucide-react";
import { Link } from "react-router";
import { appKindInfo } from "../../lib/app-kinds.ts";
import { type BuilderHeaderState, HEADER_STATE_LABELS } from "../builder/builder-state.ts";
import { EmbedMenu } from "./embed-menu.tsx";
import type { SaveState } from "./use-saved-app-editor.ts";

export type GenBuilderHeaderProps = {
  name: string;
  meta: SavedAppResponse;
  saveState: SaveState;
  wide: boolean;
  showDone: boolean;
  onDone: () => void;
  previewShown: boolean;
  onTogglePreview: () => void;
  publishing: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
};

/** Saving wins while changes are waiting or being sent (spec section 2: Published, Not published, Saving). */
export function genHeaderState(
  meta: Pick<SavedAppResponse, "status">,
  saveState: SaveState,
): BuilderHeaderState {
  if (saveState === "pending" || saveState === "saving") return "saving";
  return meta.status === "published" ? "published" : "notPublished";
}

/** Header of the generated-app and single-tool builder: name, state, analytics, publish; Done and preview on mobile. */
export function GenBuilderHeader(props: GenBuilderHeaderProps) {
  const { meta, wide } = props;
  const kind = appKindInfo(meta.kind);
  const KindIcon = kind.icon;
  const state = genHeaderState(meta, props.saveState);
  const published = meta.status === "published";
  const analytics = published ? (
    <Link
      to={`/analytics/app/${meta.appId}`}
      className="inline-flex items-center gap-1 text-13 text-primary hover:underline"
      data-testid="builder-analytics"
    >
      <ChartColumnIcon className="size-4" aria-hidden />
      Analytics
    </Link>
  ) : (
    <span
      className="inline-flex items-center gap-1.5 text-13 text-muted-foreground"
      data-testid="builder-analytics-hint"
    >
      <ChartColumnIcon className="size-4" aria-hidden />
      Publish your app to access analytics
    </span>
  );

  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-background px-3 py-2.5 lg:px-4">
      <div className="flex min-w-[14rem] flex-1 items-center gap-2.5">
        <Button variant="ghost" size="icon" asChild className="size-8 shrink-0">
          <Link to="/apps" aria-label="Back to apps" data-testid="builder-back">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg ring-1", kind.tint)}>
          <KindIcon className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <h1 className="truncate text-[15px] font-semibold tracking-tight" data-testid="builder-app-name">
              {props.name}
            </h1>
            <Badge
              variant={state === "published" ? "success" : state === "saving" ? "default" : "secondary"}
              data-testid="builder-app-state"
              data-state={state}
            >
              {state === "saving" ? <Spinner size="xs" label="Saving" /> : null}
              {HEADER_STATE_LABELS[state]}
            </Badge>
          </div>
          <p className="text-xs text-muted-foreground">{APP_KIND_LABELS[meta.kind]}</p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        {wide ? analytics : null}
        {!wide && props.showDone ? (
          <Button variant="outline" size="sm" onClick={props.onDone} data-testid="builder-done">
            <CheckIcon />
            Done
          </Button>
        ) : null}
        {!wide ? (
          <Button
            variant="outline"
            size="sm"
            onClick={props.onTogglePreview}
            aria-pressed={props.previewShown}
            data-testid="builder-preview-toggle"
          >
            {props.previewShown ? <PencilIcon /> : <EyeIcon />}
            {props.previewShown ? "Edit" : "Preview"}
          </Button>
        ) : null}
        {published ? <EmbedMenu meta={meta} /> : null}
        {published && !meta.hasUnpublishedChanges ? (
          <Button
            variant="outline"
            size="sm"
            onClick={props.onUnpublish}
            disabled={props.publishing}
            data-testid="builder-unpublish"
          >
            Unpublish
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={props.onPublish}
            disabled={props.publishing}
            data-testid="builder-publish"
          >
            {props.publishing ? <Spinner size="xs" label="Publishing" /> : <RocketIcon />}
            {published ? "Publish changes" : "Publish"}
          </Button>
        )}
      </div>
      {!wide ? <div className="basis-full">{analytics}</div> : null}
    </header>
  );
}
