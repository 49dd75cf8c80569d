import type { ContextItemType } from "@liftoff/domain";
import {
  FileIcon,
  FileTextIcon,
  FileTypeIcon,
  GlobeIcon,
  type LucideIcon,
  NotebookTextIcon,
  SheetIcon,
} from "lucide-react";

const ICONS: Record<ContextItemType, LucideIcon> = {
  txt: FileTextIcon,
  csv: SheetIcon,
  pdf: FileTypeIcon,
  doc: FileTypeIcon,
  notion_page: NotebookTextIcon,
  notion_database: NotebookTextIcon,
  google_doc: FileTextIcon,
  google_sheet: SheetIcon,
  google_slide: FileIcon,
  web_page: GlobeIcon,
  unrecognized: FileIcon,
};

/** Words for the icon, since a screen reader cannot see it. */
export const CONTEXT_ITEM_TYPE_LABELS: Record<ContextItemType, string> = {
  txt: "Text",
  csv: "CSV",
  pdf: "PDF",
  doc: "Document",
  notion_page: "Notes page",
  notion_database: "Notes database",
  google_doc: "Cloud document",
  google_sheet: "Cloud spreadsheet",
  google_slide: "Cloud slides",
  web_page: "Web site",
  unrecognized: "File",
};

/** The type of a data source as a tinted icon. */
export function ContextItemIcon({ type }: { type: ContextItemType }) {
  const Icon = ICONS[type];
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{CONTEXT_ITEM_TYPE_LABELS[type]}</span>
    </span>
  );
}
