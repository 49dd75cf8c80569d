import {
  type FillAppFromTemplateResponse,
  type TemplateSummary,
  templateListResponseSchema,
} from "@liftoff/domain";
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
  Spinner,
  toast,
} from "@liftoff/ui";
import { DatabaseIcon, FileCode2Icon } from "lucide-react";
import { useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { spaceAppApi } from "../builder/space-app-api.ts";

export type FillFromTemplateDialogProps = {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app's draft now holds the template (the builder reloads files and preview). */
  onFilled: (result: FillAppFromTemplateResponse, template: TemplateSummary) => void;
};

/**
 * "Use a template" inside an app that has no code of its own yet: the chosen template fills
 * THIS app (POST /api/apps/{appId}/template) instead of becoming a second app, which a free
 * plan's one space app would refuse (issue 13). Closing is blocked while a fill runs.
 */
export function FillFromTemplateDialog({ appId, open, onOpenChange, onFilled }: FillFromTemplateDialogProps) {
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function use(template: TemplateSummary) {
    setPendingId(template.id);
    try {
      const result = await spaceAppApi.fillFromTemplate(appId, template.id);
      toast.success(`${template.name} is now in your app`);
      onOpenChange(false);
      onFilled(result, template);
    } catch (error) {
      toast.error(errorMessage(error, "Could not use the template, try again"));
    } finally {
      setPendingId(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (pendingId ? null : onOpenChange(next))}>
      <DialogContent size="lg" data-testid="fill-template-dialog">
        <DialogHeader>
          <DialogTitle>Start from a template</DialogTitle>
          <DialogDescription>
            The template's pages, data tables with sample records and sign-up settings replace the starter
            page of this app. You can change everything afterwards.
          </DialogDescription>
        </DialogHeader>
        {open ? <TemplateOptions pendingId={pendingId} onUse={(template) => void use(template)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateOptions({
  pendingId,
  onUse,
}: {
  pendingId: string | null;
  onUse: (template: TemplateSummary) => void;
}) {
  const templates = useResource("templates", () => api.get("/api/templates", templateListResponseSchema));
  if (templates.status === "loading")
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading templates</span>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  if (templates.status === "error")
    return <LoadError title="Couldn't load templates" error={templates.error} onRetry={templates.reload} />;
  if (templates.data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
        No templates are installed on this server.
      </p>
    );
  return (
    <ul className="grid gap-3" aria-label="Templates">
      {templates.data.map((template) => (
        <li
          key={template.id}
          className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:flex-row sm:items-center"
          data-testid="fill-template-option"
          data-template-id={template.id}
        >
          <div
            className="hidden h-20 w-32 shrink-0 overflow-hidden rounded-lg border border-border sm:block"
            style={{ backgroundColor: `${template.accentColor}14` }}
          >
            <img
              src={template.imageUrl}
              alt=""
              loading="lazy"
              className="size-full object-cover object-top"
            />
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold">{template.name}</h3>
              <Badge variant="secondary">{template.category}</Badge>
            </div>
            <p className="line-clamp-2 text-13 text-muted-foreground">{template.description}</p>
            <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span className="flex items-center gap-1">
                <FileCode2Icon className="size-3.5" aria-hidden />
                {template.pages.join(", ")}
              </span>
              <span className="flex items-center gap-1">
                <DatabaseIcon className="size-3.5" aria-hidden />
                {template.entities.join(", ")}
              </span>
            </p>
          </div>
          <Button
            size="sm"
            className="shrink-0"
            disabled={pendingId !== null}
            onClick={() => onUse(template)}
            aria-label={`Use ${template.name} in this app`}
            data-testid="fill-template-use"
          >
            {pendingId === template.id ? <Spinner size="sm" label={null} /> : null}
            {pendingId === template.id ? "Adding…" : "Use template"}
          </Button>
        </li>
      ))}
    </ul>
  );
}
