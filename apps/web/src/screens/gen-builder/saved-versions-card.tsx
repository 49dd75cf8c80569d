import type { SavedAppResponse, SavedAppVersion } from "@liftoff/domain";
import { Button, Card, ConfirmDialog, Skeleton, toast } from "@liftoff/ui";
import { HistoryIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { useResource } from "../apps/use-resource.ts";
import { savedAppApi } from "./saved-app-api.ts";

const SOURCE_LABELS: Record<SavedAppVersion["source"], string> = {
  create: "Created",
  save: "Saved",
  style: "Branding",
  settings: "Settings",
  restore: "Restored",
  chat: "Chat assistant",
  data_items: "Data sources",
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The last saved versions of the app (issue 15: a builder can undo a bad save). Restoring
 * one makes it the current document as a new version, so it can itself be undone.
 */
export function SavedVersionsCard(props: {
  appId: string;
  /** Bumped after every save, so the list follows. */
  version: number | null;
  /** Saves pending edits first; false when they could not be saved. */
  beforeRestore: () => Promise<boolean>;
  onRestored: (response: SavedAppResponse) => void;
}) {
  const versions = useResource(`saved-versions:${props.appId}:${props.version ?? 0}`, () =>
    savedAppApi.versions(props.appId),
  );
  const [confirming, setConfirming] = useState<SavedAppVersion | null>(null);

  async function restore(version: SavedAppVersion) {
    try {
      if (!(await props.beforeRestore())) throw new Error("Save your changes before restoring a version");
      props.onRestored(await savedAppApi.restore(props.appId, version.number));
      toast.success(`Version ${version.number} restored`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to restore this version"));
    }
  }

  return (
    <Card className="grid gap-3 p-4" data-testid="saved-versions">
      <div className="flex items-center gap-2">
        <HistoryIcon className="size-4 text-muted-foreground" aria-hidden />
        <h2 className="text-sm font-semibold">Saved versions</h2>
      </div>
      {versions.status === "loading" ? (
        <Skeleton className="h-16 rounded-lg" />
      ) : versions.status === "error" ? (
        <p className="text-13 text-muted-foreground">Couldn't load the versions.</p>
      ) : versions.data.length === 0 ? (
        <p className="text-13 text-muted-foreground">Every save is kept here, so you can go back to it.</p>
      ) : (
        <ul className="grid max-h-64 gap-1 overflow-y-auto">
          {versions.data.map((version, index) => (
            <li
              key={version.number}
              className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-accent"
              data-testid="saved-version"
            >
              <div className="grid min-w-0">
                <span className="truncate text-13 font-medium">
                  {SOURCE_LABELS[version.source]} · v{version.number}
                  {index === 0 ? " (current)" : ""}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {timeFormat.format(new Date(version.createdAt))}
                  {version.toolTitles.length > 0 ? ` · ${version.toolTitles.filter(Boolean).join(", ")}` : ""}
                </span>
              </div>
              {index === 0 ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setConfirming(version)}
                  aria-label={`Restore version ${version.number}`}
                >
                  <RotateCcwIcon />
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Restore version ${confirming?.number ?? ""}?`}
        description="The app goes back to that version. Your current version stays in the list, so you can return to it."
        confirmLabel="Restore"
        onConfirm={async () => {
          if (confirming) await restore(confirming);
        }}
      />
    </Card>
  );
}
