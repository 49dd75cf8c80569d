import { cn } from "@liftoff/ui";
import { BracesIcon, FileCodeIcon, FileIcon, LockIcon, type LucideIcon, PaletteIcon } from "lucide-react";
import type { TreeFile, TreeGroup } from "./file-tree.ts";

const FILE_ICONS: Record<string, LucideIcon> = { css: PaletteIcon, json: BracesIcon };

export type FileTreeViewProps = {
  groups: readonly TreeGroup[];
  selectedId: string | null;
  /** Files with unsaved edits show a dot. */
  dirtyIds: ReadonlySet<string>;
  /** Files with compile errors show a red mark. */
  errorIds: ReadonlySet<string>;
  onSelect: (file: TreeFile) => void;
};

/** The file tree: groups in spec order, each with its files; entities are marked read-only. */
export function FileTreeView({ groups, selectedId, dirtyIds, errorIds, onSelect }: FileTreeViewProps) {
  return (
    <nav aria-label="Files" className="grid content-start gap-3 p-2" data-testid="code-editor-tree">
      {groups.map((group) => (
        <div key={group.id} data-testid="code-editor-group" data-group={group.id}>
          <p className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-muted-foreground">
            {group.label}
          </p>
          {group.files.length === 0 ? (
            // The muted token at full strength: faded to 80 % it fails 4.5:1 (axe color-contrast).
            <p className="px-2 py-1 text-xs text-muted-foreground">No files</p>
          ) : (
            <ul className="grid gap-px">
              {group.files.map((file) => {
                const Icon = file.readOnly
                  ? LockIcon
                  : (FILE_ICONS[file.language] ?? (file.group === "pages" ? FileIcon : FileCodeIcon));
                const selected = file.id === selectedId;
                return (
                  <li key={file.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(file)}
                      aria-current={selected ? "true" : undefined}
                      data-testid="code-editor-file"
                      data-file-id={file.id}
                      title={file.id}
                      className={cn(
                        "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-13 transition-colors",
                        "hover:bg-accent",
                        selected ? "bg-brand-50 font-medium text-brand-800" : "text-foreground",
                      )}
                    >
                      <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                      <span
                        className={cn(
                          "min-w-0 flex-1 truncate",
                          errorIds.has(file.id) && "text-destructive-text",
                        )}
                      >
                        {file.label}
                      </span>
                      {dirtyIds.has(file.id) ? (
                        <span className="size-1.5 shrink-0 rounded-full bg-brand-500" title="Unsaved changes">
                          <span className="sr-only">Unsaved changes</span>
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
