import type { AppRuntimeError } from "@liftoff/domain";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
  EmptyState,
  SegmentedControl,
  Tooltip,
} from "@liftoff/ui";
import {
  ChevronDownIcon,
  ExternalLinkIcon,
  EyeIcon,
  FileIcon,
  LayoutTemplateIcon,
  MonitorIcon,
  RotateCwIcon,
  SmartphoneIcon,
  TabletIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { pageOfPath } from "./page-of-path.ts";
import { PreviewFrame, type PreviewFrameHandle } from "./preview-frame.tsx";
import { usePreviewToken } from "./use-preview-token.ts";
import { VIEW_AS_BUILDER, type ViewAs, viewAsKey } from "./view-as.ts";
import { ViewAsSwitch } from "./view-as-switch.tsx";
import { VIEWPORTS, type ViewportId, viewportOf } from "./viewports.ts";

const VIEWPORT_ICONS = { desktop: MonitorIcon, tablet: TabletIcon, mobile: SmartphoneIcon } as const;

export type PreviewPaneProps = {
  appId: string;
  /** The draft version to show; null while the app has no version yet. */
  versionId: string | null;
  pages: readonly string[];
  mainPage: string | null;
  /** Public link of the published app, when published. */
  publicUrl: string | null;
  onAppError: (error: AppRuntimeError) => void;
  /** Opens the code editor (empty state); absent for viewers who cannot edit code. */
  onOpenCodeEditor?: (() => void) | undefined;
  /** Fills this app from a template (empty state); absent once the app has code of its own. */
  onUseTemplate?: (() => void) | undefined;
  /** An AI model is configured, so the chat can add pages. */
  aiConfigured?: boolean;
  /** The floating issue panel, laid over the bottom right of the preview. */
  overlay?: ReactNode;
  /** The app's files are still loading. */
  loading?: boolean;
};

/** The builder's centre: the draft in a sandboxed frame, with viewport, page and reload controls. */
export function PreviewPane(props: PreviewPaneProps) {
  const {
    appId,
    versionId,
    pages,
    mainPage,
    publicUrl,
    onAppError,
    onOpenCodeEditor,
    onUseTemplate,
    overlay,
    loading,
  } = props;
  const [viewportId, setViewportId] = useState<ViewportId>("desktop");
  const [path, setPath] = useState("/");
  const frameRef = useRef<PreviewFrameHandle | null>(null);
  const [viewAs, setViewAs] = useState<ViewAs>(VIEW_AS_BUILDER);
  const token = usePreviewToken(appId, viewAs, () => {});
  const currentPage = pageOfPath(path, pages, mainPage);
  const hasPages = pages.length > 0;

  const goTo = (page: string) => {
    const next = `/${page}`;
    setPath(next);
    frameRef.current?.navigate(next);
  };

  return (
    <section
      aria-label="Preview"
      // min-w-0: a long "Viewing as" address must not widen the pane past a phone's screen.
      className="relative flex min-h-0 min-w-0 flex-1 flex-col"
      data-testid="preview-pane"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-border bg-background px-3 py-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              disabled={!hasPages || !versionId}
              className="max-w-56 justify-between"
              data-testid="preview-page-switcher"
              aria-label={`Page: ${currentPage ?? "none"}`}
            >
              <FileIcon />
              <span className="truncate">{currentPage ?? "No pages"}</span>
              <ChevronDownIcon className="opacity-60" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-48">
            <DropdownMenuLabel>Pages</DropdownMenuLabel>
            {pages.map((page) => (
              <DropdownMenuItem
                key={page}
                onSelect={() => goTo(page)}
                data-testid="preview-page-option"
                data-page={page}
              >
                <span className="flex-1">{page}</span>
                {page === mainPage ? <span className="text-xs text-muted-foreground">Main</span> : null}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>

        <ViewAsSwitch appId={appId} value={viewAs} onChange={setViewAs} />

        <div className="ml-auto flex items-center gap-1.5">
          <SegmentedControl
            ariaLabel="Preview viewport"
            size="sm"
            value={viewportId}
            onChange={setViewportId}
            options={VIEWPORTS.map((viewport) => {
              const Icon = VIEWPORT_ICONS[viewport.id];
              return {
                value: viewport.id,
                label: (
                  <>
                    <Icon className="size-4" aria-hidden />
                    <span className="sr-only xl:not-sr-only">{viewport.label}</span>
                  </>
                ),
              };
            })}
          />
          <Tooltip content="Reload preview">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Reload preview"
              data-testid="preview-reload"
              disabled={!versionId || !hasPages}
              onClick={() => frameRef.current?.reload()}
            >
              <RotateCwIcon />
            </Button>
          </Tooltip>
          {publicUrl ? (
            <Tooltip content="Open published app">
              <Button variant="ghost" size="icon" className="size-8" asChild>
                <a
                  href={publicUrl}
                  target="_blank"
                  rel="noreferrer"
                  aria-label="Open published app"
                  data-testid="preview-open-published"
                >
                  <ExternalLinkIcon />
                </a>
              </Button>
            </Tooltip>
          ) : null}
        </div>
      </div>

      {viewAs.kind !== "builder" ? (
        // Clearly not the builder's own view: what the frame shows is someone else's.
        <div
          role="status"
          className="flex items-center gap-2 border-b border-warning-border bg-warning-subtle px-3 py-1.5 text-13 text-warning-text"
          data-testid="preview-viewing-as"
        >
          <EyeIcon className="size-4 shrink-0" aria-hidden />
          {/* Wraps rather than truncates: the address is the point of the strip. */}
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {viewAs.kind === "user" ? `Viewing as ${viewAs.email}` : "Viewing as an anonymous visitor"}
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 shrink-0"
            onClick={() => setViewAs(VIEW_AS_BUILDER)}
            data-testid="preview-view-as-reset"
          >
            Back to builder view
          </Button>
        </div>
      ) : null}

      <div
        className="relative flex min-h-0 flex-1 flex-col bg-neutral-50 p-0 data-[fixed=true]:p-4"
        data-fixed={viewportId !== "desktop"}
      >
        {loading ? (
          <div className="flex-1 animate-pulse bg-neutral-100" aria-busy="true">
            <span className="sr-only">Loading preview</span>
          </div>
        ) : !versionId || !hasPages ? (
          <div className="flex flex-1 items-center justify-center p-6" data-testid="preview-empty">
            <EmptyState
              icon={LayoutTemplateIcon}
              title="This app has no pages yet"
              description={noPagesHint({
                codeEditor: Boolean(onOpenCodeEditor),
                template: Boolean(onUseTemplate),
                chat: props.aiConfigured ?? false,
              })}
              action={
                onOpenCodeEditor || onUseTemplate ? (
                  <div className="flex flex-wrap justify-center gap-2">
                    {onUseTemplate ? <Button onClick={onUseTemplate}>Use a template</Button> : null}
                    {onOpenCodeEditor ? (
                      <Button variant={onUseTemplate ? "outline" : "default"} onClick={onOpenCodeEditor}>
                        Open code editor
                      </Button>
                    ) : null}
                  </div>
                ) : undefined
              }
            />
          </div>
        ) : token.status === "error" ? (
          <div className="flex flex-1 items-center justify-center p-6">
            <EmptyState
              icon={TriangleAlertIcon}
              title="Couldn't start the preview"
              description={token.error}
              action={
                <Button variant="outline" onClick={token.retry}>
                  Try again
                </Button>
              }
            />
          </div>
        ) : token.status === "loading" ? (
          <div className="flex-1 animate-pulse bg-neutral-100" aria-busy="true">
            <span className="sr-only">Loading preview</span>
          </div>
        ) : (
          <PreviewFrame
            // A new identity starts a fresh frame: app code reads who is signed in when it starts.
            key={viewAsKey(viewAs)}
            appId={appId}
            versionId={versionId}
            viewport={viewportOf(viewportId)}
            token={token.token}
            frameGrant={token.frameGrant}
            onError={onAppError}
            onPath={setPath}
            handleRef={frameRef}
          />
        )}
        {overlay}
      </div>
    </section>
  );
}

/**
 * What the no-pages state tells this viewer: only ways they can take (issue 13). 'Use a
 * template' fills this app (it used to create a second app, which a free plan refuses);
 * the code editor is for platform admins; the chat needs a model.
 */
function noPagesHint(can: { codeEditor: boolean; template: boolean; chat: boolean }): string {
  const ways = [
    can.template ? "start from a template with pages, data and sign-up ready" : null,
    can.chat ? "ask the AI assistant for a page" : null,
    can.codeEditor ? "add a page in the code editor" : null,
  ].filter((way): way is string => way !== null);
  if (ways.length === 0) return "Ask a platform admin to add a page in the code editor.";
  const last = ways.at(-1) as string;
  const sentence = ways.length === 1 ? last : `${ways.slice(0, -1).join(", ")} or ${last}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
