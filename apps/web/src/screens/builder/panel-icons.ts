import {
  ActivityIcon,
  DatabaseIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  LibraryIcon,
  ListChecksIcon,
  type LucideIcon,
  MessageSquareIcon,
  MousePointerClickIcon,
  PaletteIcon,
  SettingsIcon,
  TypeIcon,
  UsersIcon,
  WrenchIcon,
} from "lucide-react";
import type { BuilderPanelId } from "./builder-panels.ts";

/** One icon per side-panel entry, the same in every builder. */
export const PANEL_ICONS: Record<BuilderPanelId, LucideIcon> = {
  texts: TypeIcon,
  branding: PaletteIcon,
  tools: WrenchIcon,
  chat: MessageSquareIcon,
  settings: SettingsIcon,
  details: FileTextIcon,
  database: DatabaseIcon,
  users: UsersIcon,
  fields: ListChecksIcon,
  resultsLayout: LayoutDashboardIcon,
  callToAction: MousePointerClickIcon,
  dataSources: LibraryIcon,
  runs: ActivityIcon,
};
