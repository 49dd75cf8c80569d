import { Button, Card } from "@liftoff/ui";
import {
  ChevronRightIcon,
  CodeIcon,
  DatabaseIcon,
  EyeIcon,
  FileTextIcon,
  type LucideIcon,
  SettingsIcon,
} from "lucide-react";
import type { BuilderPanelEntry, BuilderPanelId, BuilderPanelMode } from "./builder-panels.ts";

const ICONS: Partial<Record<BuilderPanelId, LucideIcon>> = {
  details: FileTextIcon,
  database: DatabaseIcon,
  settings: SettingsIcon,
};

const DESCRIPTIONS: Partial<Record<BuilderPanelId, string>> = {
  details: "Name, link, description and icon",
  database: "Entities, records and who can see them",
  settings: "Main page, sign-up and domain",
};

export type SpaceMainPanelProps = {
  entries: readonly BuilderPanelEntry[];
  modeOf: (entry: BuilderPanelId) => BuilderPanelMode | null;
  onOpen: (mode: BuilderPanelMode) => void;
  /** Opens the code editor: to edit for platform admins, read-only for everyone else. */
  onOpenCode: () => void;
  /** The viewer is a platform admin: the edit-code button (spec section 6) instead of "View code". */
  canEditCode: boolean;
  pageCount: number;
  fileCount: number;
};

/** The main side panel of a space app: its entries and the way into the code editor. */
export function SpaceMainPanel({
  entries,
  modeOf,
  onOpen,
  onOpenCode,
  canEditCode,
  pageCount,
  fileCount,
}: SpaceMainPanelProps) {
  return (
    <div className="grid content-start gap-4 p-3 lg:p-4">
      <Card className="p-1.5">
        <ul className="grid gap-0.5" data-testid="builder-panels">
          {entries.map((entry) => {
            const Icon = ICONS[entry.id] ?? FileTextIcon;
            const mode = modeOf(entry.id);
            return (
              <li key={entry.id} data-testid="builder-panel-entry" data-panel={entry.id}>
                <button
                  type="button"
                  disabled={!mode}
                  onClick={() => mode && onOpen(mode)}
                  className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2.5 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:opacity-60"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-muted-foreground">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="grid min-w-0 flex-1">
                    <span className="text-sm font-medium">{entry.label}</span>
                    <span className="truncate text-xs text-muted-foreground">{DESCRIPTIONS[entry.id]}</span>
                  </span>
                  <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      </Card>

      {canEditCode || fileCount > 0 ? (
        <Card className="grid gap-3 p-4">
          <div className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <CodeIcon className="size-4" aria-hidden />
            </span>
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">Code</p>
              <p className="text-13 text-muted-foreground">
                {fileCount === 0
                  ? "No files yet. Add a page to start."
                  : `${pageCount} ${pageCount === 1 ? "page" : "pages"}, ${fileCount} ${fileCount === 1 ? "file" : "files"}. ${canEditCode ? "Changes save as you type and show in the preview." : "Only platform admins can edit code."}`}
              </p>
            </div>
          </div>
          {canEditCode ? (
            <Button variant="outline" onClick={onOpenCode} data-testid="builder-edit-code">
              <CodeIcon />
              Edit code
            </Button>
          ) : (
            <Button variant="outline" onClick={onOpenCode} data-testid="builder-view-code">
              <EyeIcon />
              View code
            </Button>
          )}
        </Card>
      ) : null}
    </div>
  );
}
