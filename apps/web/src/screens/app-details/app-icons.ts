import {
  BookOpenIcon,
  BriefcaseIcon,
  CalendarCheckIcon,
  ChartLineIcon,
  CircleCheckBigIcon,
  ClipboardListIcon,
  CompassIcon,
  DumbbellIcon,
  FolderKanbanIcon,
  GraduationCapIcon,
  HeartPulseIcon,
  HouseIcon,
  LeafIcon,
  LightbulbIcon,
  type LucideIcon,
  MessageCircleIcon,
  MusicIcon,
  PaletteIcon,
  PawPrintIcon,
  ReceiptIcon,
  RocketIcon,
  ShoppingCartIcon,
  TagIcon,
  UtensilsIcon,
} from "lucide-react";

/**
 * The icon choices of App details: lucide icon names (stored as the kebab-case name), so
 * they render the same everywhere without emoji fonts or uploaded assets.
 */
export const APP_ICONS: Readonly<Record<string, LucideIcon>> = {
  rocket: RocketIcon,
  "circle-check-big": CircleCheckBigIcon,
  "clipboard-list": ClipboardListIcon,
  "calendar-check": CalendarCheckIcon,
  "folder-kanban": FolderKanbanIcon,
  briefcase: BriefcaseIcon,
  "shopping-cart": ShoppingCartIcon,
  utensils: UtensilsIcon,
  house: HouseIcon,
  dumbbell: DumbbellIcon,
  "book-open": BookOpenIcon,
  "graduation-cap": GraduationCapIcon,
  "message-circle": MessageCircleIcon,
  "chart-line": ChartLineIcon,
  lightbulb: LightbulbIcon,
  palette: PaletteIcon,
  receipt: ReceiptIcon,
  tag: TagIcon,
  compass: CompassIcon,
  "heart-pulse": HeartPulseIcon,
  "paw-print": PawPrintIcon,
  leaf: LeafIcon,
  music: MusicIcon,
};

export const APP_ICON_NAMES = Object.keys(APP_ICONS);

/** The icon shown when an app has none. */
export const DEFAULT_APP_ICON = "rocket";

/** The lucide component of a stored icon name, or null when it is not one of ours (e.g. an emoji). */
export function appIconComponent(icon: string | null | undefined): LucideIcon | null {
  return APP_ICONS[icon || DEFAULT_APP_ICON] ?? null;
}
