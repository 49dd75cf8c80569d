import {
  ENTITY_ACCESS_LABELS,
  ENTITY_PERMISSION_PRESETS,
  type EntityPermissionPreset,
  matchPermissionPreset,
} from "@liftoff/domain";
import {
  Badge,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Spinner,
  toast,
} from "@liftoff/ui";
import { CheckIcon, ShieldIcon } from "lucide-react";
import { useState } from "react";
import type { DatabaseApi, EntitySummary } from "./database-api.ts";
import { changeEntityPermissions, type RequestChat } from "./permission-change.ts";

export { ACCESS_CHANGE_FAILED } from "./permission-change.ts";

/**
 * The entity's access preset and the preset picker (spec sections 2, 3, 6). The spec's way
 * is indirect: choosing a preset sends the chat message (permissionChangeMessage), which
 * `requestChat` delivers and opens the chat; the panel then closes (`onRequested`). Until
 * the builder passes a chat, and always through "Apply now" for the owner, the preset is
 * applied directly through the builder API.
 */
export function PermissionsControl({
  api,
  entity,
  onApplied,
  requestChat,
  onRequested,
}: {
  api: DatabaseApi;
  entity: EntitySummary;
  onApplied: () => void;
  requestChat?: RequestChat | undefined;
  /** After the chat was asked: the builder closes the panel. */
  onRequested?: (() => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [applying, setApplying] = useState<string | null>(null);
  const current = matchPermissionPreset(entity.permissions);
  const label =
    current?.label ??
    `${ENTITY_ACCESS_LABELS[entity.permissions.read]} read / ${ENTITY_ACCESS_LABELS[entity.permissions.write]} write`;

  async function choose(preset: EntityPermissionPreset, direct: boolean) {
    if (applying) return;
    setApplying(preset.id);
    const outcome = await changeEntityPermissions({
      entityName: entity.name,
      current: entity.permissions,
      preset,
      requestChat,
      direct,
      applyDirectly: (permissions) => api.setPermissions(entity.name, permissions),
    });
    setApplying(null);
    switch (outcome.kind) {
      case "unchanged":
        setOpen(false);
        return;
      case "requested":
        setOpen(false);
        onRequested?.();
        return;
      case "applied":
        toast.success(`${entity.name} access changed to ${preset.label}`);
        setOpen(false);
        onApplied();
        return;
      case "failed":
        toast.error(outcome.message);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="db-permissions">
        <ShieldIcon />
        <span className="max-w-48 truncate">{label}</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => (applying ? null : setOpen(next))}>
        <DialogContent size="md" data-testid="db-permissions-dialog">
          <DialogHeader>
            <DialogTitle>Who can access {entity.name}?</DialogTitle>
            <DialogDescription>
              {requestChat
                ? "Choosing a preset asks the chat to change it; Apply now changes it at once."
                : "Choose who can read and change rows through the app."}{" "}
              You can always edit every row here.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2" role="radiogroup" aria-label="Access presets">
            {ENTITY_PERMISSION_PRESETS.map((preset) => {
              const active = current?.id === preset.id;
              return (
                <div key={preset.id} className="flex items-stretch gap-2">
                  <button
                    type="button"
                    role="radio"
                    aria-checked={active}
                    disabled={applying !== null}
                    onClick={() => void choose(preset, false)}
                    data-testid={`db-preset-${preset.id}`}
                    className={cn(
                      "flex min-w-0 flex-1 items-start gap-3 rounded-lg border px-3.5 py-3 text-left transition-colors",
                      "disabled:opacity-60",
                      active ? "border-primary bg-brand-50/60" : "border-border hover:bg-neutral-50",
                    )}
                  >
                    <span
                      className={cn(
                        "mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border",
                        active ? "border-primary bg-primary text-primary-foreground" : "border-input",
                      )}
                    >
                      {active ? <CheckIcon className="size-3" /> : null}
                    </span>
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        {preset.label}
                        {active ? <Badge variant="secondary">Current</Badge> : null}
                      </span>
                      <span className="text-13 text-muted-foreground">{preset.description}</span>
                    </span>
                    {applying === preset.id ? <Spinner size="sm" className="mt-0.5" /> : null}
                  </button>
                  {requestChat && !active ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-auto shrink-0"
                      disabled={applying !== null}
                      onClick={() => void choose(preset, true)}
                      title={`Apply ${preset.label} now, without the chat`}
                      data-testid={`db-preset-apply-${preset.id}`}
                    >
                      Apply now
                    </Button>
                  ) : null}
                </div>
              );
            })}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
