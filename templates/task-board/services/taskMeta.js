import { differenceInCalendarDays, format, parseISO } from "date-fns";

export const STATUSES = [
  { id: "todo", label: "To do", dot: "bg-slate-400" },
  { id: "in_progress", label: "In progress", dot: "bg-amber-500" },
  { id: "done", label: "Done", dot: "bg-emerald-500" },
];

export const PRIORITIES = [
  { id: "high", label: "High", className: "bg-rose-50 text-rose-700 border-rose-200" },
  { id: "medium", label: "Medium", className: "bg-amber-50 text-amber-700 border-amber-200" },
  { id: "low", label: "Low", className: "bg-slate-50 text-slate-600 border-slate-200" },
];

export function statusLabel(id) {
  return STATUSES.find((status) => status.id === id)?.label ?? id;
}

export function priorityMeta(id) {
  return PRIORITIES.find((priority) => priority.id === id) ?? PRIORITIES[1];
}

/** "Due today", "Due in 3 days", "2 days overdue" — and whether it needs attention. */
export function dueInfo(dueDate, status) {
  if (!dueDate) return null;
  const days = differenceInCalendarDays(parseISO(dueDate), new Date());
  const label = format(parseISO(dueDate), "MMM d");
  if (status === "done") return { label, tone: "muted" };
  if (days < 0) return { label: `${label} · overdue`, tone: "danger" };
  if (days === 0) return { label: "Due today", tone: "warning" };
  if (days === 1) return { label: "Due tomorrow", tone: "warning" };
  return { label, tone: "muted" };
}

/** Tasks of one column, in board order. */
export function columnTasks(tasks, status) {
  return tasks
    .filter((task) => (task.status ?? "todo") === status)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

export function allTags(tasks) {
  return [...new Set(tasks.flatMap((task) => task.tags ?? []))].sort();
}
