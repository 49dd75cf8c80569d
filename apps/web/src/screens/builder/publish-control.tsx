import {
  AppError,
  type AppSummary,
  type Diagnostic,
  diagnosticSchema,
  type UpgradeReason,
  upgradeReasonSchema,
} from "@liftoff/domain";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Popover,
  PopoverAnchor,
  PopoverContent,
  toast,
} from "@liftoff/ui";
import { CodeIcon, CopyIcon, ExternalLinkIcon, LinkIcon, RocketIcon, TriangleAlertIcon } from "lucide-react";
import { useId, useState } from "react";
import { z } from "zod";
import { errorMessage } from "../../lib/api.ts";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { LINK_COPIED_MESSAGE } from "./builder-state.ts";
import { useSaveTracker } from "./save-tracker.tsx";
import { spaceAppApi } from "./space-app-api.ts";
import { usePublishedBuildProblem } from "./use-published-build-problem.ts";

const refusalSchema = z.object({ diagnostics: z.array(diagnosticSchema) });

/** The public address of a published app: its custom host when set, else /app/{slug}. */
export function publicAppUrl(
  app: Pick<AppSummary, "slug" | "customHost">,
  origin = window.location.origin,
): string {
  return app.customHost ? `https://${app.customHost}` : `${origin}/app/${encodeURIComponent(app.slug)}`;
}

export type PublishControlProps = {
  app: AppSummary;
  onSummary: (summary: AppSummary) => void;
  onOpenFile?: (file: string, line: number) => void;
  compact?: boolean;
};

/**
 * Publish the draft (spec section 2 header). A draft with errors is refused (422 with the
 * blocking diagnostics), which opens a list of them; success shows the public link. A
 * published version visitors cannot open is flagged on the link button with the reason.
 */
export function PublishControl({ app, onSummary, onOpenFile, compact }: PublishControlProps) {
  const { track, hasPending } = useSaveTracker();
  const upgrade = useUpgradeDialog();
  const [busy, setBusy] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const titleId = useId();
  const [refusal, setRefusal] = useState<{ message: string; diagnostics: Diagnostic[] } | null>(null);
  const published = app.status === "published";
  const upToDate =
    published && app.publishedVersionId != null && app.publishedVersionId === app.draftVersionId;
  const url = publicAppUrl(app);
  // What visitors get, by the host page's own rule: a published version that cannot be
  // served is said here, with the reason, instead of only on the public page.
  const offline = usePublishedBuildProblem(app);

  const publish = async () => {
    setBusy(true);
    try {
      const summary = await track(spaceAppApi.publish(app.id));
      onSummary(summary);
      setLinkOpen(true);
    } catch (error) {
      const details = error instanceof AppError ? error.details : undefined;
      const parsed = refusalSchema.safeParse(details);
      if (error instanceof AppError && error.code === "PLAN_LIMIT") {
        const reason = upgradeReasonSchema.safeParse((details as { reason?: unknown } | undefined)?.reason);
        upgrade.open(reason.success ? (reason.data as UpgradeReason) : "publish");
      } else if (parsed.success || (error instanceof AppError && error.code === "UNPROCESSABLE")) {
        setRefusal({
          message: errorMessage(error),
          diagnostics: parsed.success ? parsed.data.diagnostics : [],
        });
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const unpublish = async () => {
    try {
      onSummary(await track(spaceAppApi.unpublish(app.id)));
      setLinkOpen(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(LINK_COPIED_MESSAGE);
    } catch {
      toast.error("Couldn't copy the link, copy it from the field instead");
    }
  };

  return (
    <>
      <Popover open={linkOpen} onOpenChange={setLinkOpen}>
        <PopoverAnchor asChild>
          <div className="flex items-center gap-1.5">
            {published ? (
              <Button
                variant="outline"
                size="icon"
                className={
                  offline ? "size-8 border-warning-border bg-warning-subtle text-warning-text" : "size-8"
                }
                aria-label={offline ? "Public link: visitors can't open this version" : "Public link"}
                onClick={() => setLinkOpen((open) => !open)}
                data-testid="builder-public-link"
                data-offline={offline ? "true" : undefined}
              >
                {offline ? <TriangleAlertIcon /> : <LinkIcon />}
              </Button>
            ) : null}
            <Button
              size="sm"
              onClick={() => {
                if (!busy) void publish();
              }}
              // Busy, not disabled, while it publishes (the publish is a tracked save too):
              // disabling the focused button would drop keyboard focus to the page body.
              disabled={hasPending && !busy}
              aria-disabled={busy || undefined}
              data-testid="builder-publish"
              title={hasPending ? "Wait for your changes to save" : undefined}
            >
              <RocketIcon />
              {busy
                ? "Publishing…"
                : upToDate
                  ? "Published"
                  : published
                    ? compact
                      ? "Update"
                      : "Publish changes"
                    : "Publish"}
            </Button>
          </div>
        </PopoverAnchor>
        <PopoverContent
          align="end"
          className="grid w-80 gap-3"
          aria-labelledby={titleId}
          data-testid="builder-publish-link"
        >
          {offline ? (
            <div className="grid gap-1" role="alert" data-testid="builder-publish-offline">
              <p id={titleId} className="flex items-center gap-1.5 text-sm font-semibold text-warning-text">
                <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
                Visitors can't open this version
              </p>
              <p className="text-13 break-words text-muted-foreground">{offline}</p>
              <p className="text-13 text-muted-foreground">Fix the errors, then publish again.</p>
            </div>
          ) : (
            <div className="grid gap-0.5">
              <p id={titleId} className="text-sm font-semibold">
                Your app is live
              </p>
              <p className="text-13 text-muted-foreground">Anyone with the link can open it.</p>
            </div>
          )}
          <Input readOnly value={url} aria-label="Public link" onFocus={(e) => e.currentTarget.select()} />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              className="flex-1"
              onClick={() => void copy()}
              data-testid="builder-copy-link"
            >
              <CopyIcon />
              Copy link
            </Button>
            <Button size="sm" className="flex-1" asChild>
              <a href={url} target="_blank" rel="noreferrer" data-testid="builder-open-link">
                <ExternalLinkIcon />
                Open
              </a>
            </Button>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="text-muted-foreground"
            onClick={() => void unpublish()}
          >
            Unpublish
          </Button>
        </PopoverContent>
      </Popover>

      <Dialog open={refusal !== null} onOpenChange={(open) => (open ? null : setRefusal(null))}>
        <DialogContent size="md" data-testid="builder-publish-refused">
          <DialogHeader>
            <DialogTitle>Can't publish yet</DialogTitle>
            <DialogDescription>{refusal?.message}</DialogDescription>
          </DialogHeader>
          {refusal && refusal.diagnostics.length > 0 ? (
            <ul className="grid max-h-80 gap-2 overflow-y-auto">
              {refusal.diagnostics.map((d) => (
                <li
                  key={`${d.file}:${d.line}:${d.column}:${d.message}`}
                  className="grid gap-1 rounded-lg border border-border p-3"
                >
                  <code className="text-xs text-muted-foreground">
                    {d.file}:{d.line}
                  </code>
                  <p className="text-13">{d.message}</p>
                  {onOpenFile && d.file ? (
                    <div>
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-7 px-2 text-xs"
                        onClick={() => {
                          setRefusal(null);
                          onOpenFile(d.file, d.line);
                        }}
                      >
                        <CodeIcon className="size-3.5" />
                        Open in code editor
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setRefusal(null)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
