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

export const ACCESS_CHANGE_FAILED = "Failed to request access control change";

/**
 * The entity's access preset and the preset picker (spec sections 2, 3, 6). The spec's path
 * is a chat message (permissionChangeMessage) the assistant acts on; until the chat exists,
 * the owner applies the preset directly through the builder API.
 */
export function PermissionsControl({
  api,
  entity,
  onApplied,
}: {
  api: DatabaseApi;
  entity: EntitySummary;
  onApplied: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [applying, setApplying] = useState<string | null>(null);
  const current = matchPermissionPreset(entity.permissions);
  const label =
    current?.label ??
    `${ENTITY_ACCESS_LABELS[entity.permissions.read]} read / ${ENTITY_ACCESS_LABELS[entity.permissions.write]} write`;

  async function apply(preset: EntityPermissionPreset) {
    if (applying) return;
    if (current?.id === preset.id) {
      setOpen(false);
      return;
    }
    setApplying(preset.id);
    try {
      await api.setPermissions(entity.name, preset.permissions);
      toast.success(`${entity.name} access changed to ${preset.label}`);
      setOpen(false);
      onApplied();
    } catch {
      toast.error(ACCESS_CHANGE_FAILED);
    } finally {
      setApplying(null);
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
              Choose who can read and change rows through the app. You can always edit every row here.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2" role="radiogroup" aria-label="Access presets">
            {ENTITY_PERMISSION_PRESETS.map((preset) => {
              const active = current?.id === preset.id;
              return (
                <button
                  key={preset.id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  disabled={applying !== null}
                  onClick={() => void apply(preset)}
                  data-testid={`db-preset-${preset.id}`}
                  className={cn(
                    "flex items-start gap-3 rounded-lg border px-3.5 py-3 text-left transition-colors outline-none",
                    "focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:opacity-60",
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
              );
            })}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
