import { Tooltip } from "@liftoff/ui";
import {
  CodeIcon,
  DatabaseIcon,
  EyeIcon,
  FileTextIcon,
  type LucideIcon,
  SettingsIcon,
  UsersIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { BuilderPanelEntry, BuilderPanelId, BuilderPanelMode } from "./builder-panels.ts";

const ICONS: Partial<Record<BuilderPanelId, LucideIcon>> = {
  details: FileTextIcon,
  database: DatabaseIcon,
  users: UsersIcon,
  settings: SettingsIcon,
};

/** Short names for the strip; the full entry label is the accessible name. */
const SHORT_LABELS: Partial<Record<BuilderPanelId, string>> = {
  details: "Details",
  database: "Database",
  users: "Users",
  settings: "Settings",
};

const DESCRIPTIONS: Partial<Record<BuilderPanelId, string>> = {
  details: "Name, link, description and icon",
  database: "Entities, records and who can see them",
  users: "Who signed up to the app; disable a user",
  settings: "Main page, sign-up and domain",
};

const itemClasses =
  "inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-13 sm:gap-1.5 sm:px-2.5 font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:opacity-60 [&_svg]:size-4";

export type SpaceMainPanelProps = {
  entries: readonly BuilderPanelEntry[];
  modeOf: (entry: BuilderPanelId) => BuilderPanelMode | null;
  onOpen: (mode: BuilderPanelMode) => void;
  /** Opens the code editor: to edit for platform admins, read-only for everyone else. */
  onOpenCode: () => void;
  /** The viewer is a platform admin: the edit-code button (spec section 6) instead of "View code". */
  canEditCode: boolean;
  /** The app has files to look at (the code button shows for them, or for admins). */
  fileCount: number;
  /** The builder chat: the main way to build a space app, so the main panel's body. */
  children: ReactNode;
};

/**
 * The main side panel of a space app: a strip with its entries (spec section 2: App
 * details, Database, App settings) and the way into the code editor, above the chat.
 */
export function SpaceMainPanel({
  entries,
  modeOf,
  onOpen,
  onOpenCode,
  canEditCode,
  fileCount,
  children,
}: SpaceMainPanelProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav
        aria-label="App panels"
        className="flex h-11 shrink-0 items-center gap-1 overflow-x-auto border-b border-border bg-neutral-25 px-1.5 lg:px-3"
      >
        <ul className="flex items-center gap-0.5" data-testid="builder-panels">
          {entries.map((entry) => {
            const Icon = ICONS[entry.id] ?? FileTextIcon;
            const mode = modeOf(entry.id);
            return (
              <li key={entry.id} data-testid="builder-panel-entry" data-panel={entry.id}>
                <Tooltip content={DESCRIPTIONS[entry.id]} side="bottom">
                  <button
                    type="button"
                    disabled={!mode}
                    aria-label={entry.label}
                    onClick={() => mode && onOpen(mode)}
                    className={itemClasses}
                  >
                    <Icon aria-hidden />
                    {SHORT_LABELS[entry.id] ?? entry.label}
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ul>
        {canEditCode || fileCount > 0 ? (
          <Tooltip
            content={canEditCode ? "Edit the app's files" : "Only platform admins can edit code"}
            side="bottom"
          >
            <button
              type="button"
              onClick={onOpenCode}
              aria-label={canEditCode ? "Edit code" : "View code"}
              className={`${itemClasses} ml-auto`}
              data-testid={canEditCode ? "builder-edit-code" : "builder-view-code"}
            >
              {canEditCode ? <CodeIcon aria-hidden /> : <EyeIcon aria-hidden />}
              Code
            </button>
          </Tooltip>
        ) : null}
      </nav>
      {children}
    </div>
  );
}
