/** What an icon-only button with this lucide icon most often does, for the common icons. */
const ACTIONS: Record<string, string> = {
  X: "Close",
  CircleX: "Close",
  XCircle: "Close",
  Plus: "Add",
  CirclePlus: "Add",
  PlusCircle: "Add",
  Trash: "Delete",
  Trash2: "Delete",
  Pencil: "Edit",
  PencilLine: "Edit",
  Pen: "Edit",
  SquarePen: "Edit",
  Edit: "Edit",
  Edit2: "Edit",
  Edit3: "Edit",
  Menu: "Open menu",
  MoreHorizontal: "More actions",
  MoreVertical: "More actions",
  Ellipsis: "More actions",
  EllipsisVertical: "More actions",
  ChevronLeft: "Previous",
  ChevronRight: "Next",
  ArrowLeft: "Back",
  RefreshCw: "Refresh",
  RotateCw: "Refresh",
  Eye: "Show",
  EyeOff: "Hide",
  LogOut: "Log out",
  LogIn: "Log in",
  Heart: "Like",
  Star: "Favourite",
};

/**
 * The aria-label of an icon-only button, from its icon: the action for common icons
 * (Trash2 → "Delete"), else the icon's name in words (CalendarDays → "Calendar days").
 */
export function iconLabel(icon: string): string {
  const name = icon.replace(/^Lucide/, "").replace(/Icon$/, "");
  const action = ACTIONS[name];
  if (action) return action;
  const words = name
    .replace(/\d+$/, "")
    .split(/(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean);
  if (words.length === 0) return icon;
  return [words[0], ...words.slice(1).map((word) => word.toLowerCase())].join(" ");
}
