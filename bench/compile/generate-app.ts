/**
 * A realistic 30-file space app for bench/compile: layout, 8 pages, 18 components,
 * 2 services and globals.css, written the way generated apps are (kit components, lucide
 * icons, entities, react-query, date-fns, recharts, dnd, Tailwind classes everywhere).
 */
export const BENCH_ENTITIES = ["Task", "Project", "Member", "Activity"];

const PAGES = ["Home", "Tasks", "Projects", "ProjectDetail", "Calendar", "Team", "Reports", "Settings"];

const layout = `import { Link } from "react-router-dom";
import { Toaster } from "sonner";
import Sidebar from "@/components/layout/Sidebar";
import Topbar from "@/components/layout/Topbar";

export default function Layout({ children, currentPageName }) {
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <Sidebar current={currentPageName} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar title={currentPageName} />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
        <footer className="border-t border-slate-200 px-6 py-3 text-xs text-slate-400">
          <Link to="/Settings" className="hover:text-slate-600">Settings</Link>
        </footer>
      </div>
      <Toaster richColors position="top-right" />
    </div>
  );
}
`;

const globals = `@import url("https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600;700&display=swap");

:root {
  --sidebar-width: 16rem;
}

body {
  font-family: Inter, ui-sans-serif, system-ui, sans-serif;
}

.app-card {
  @apply rounded-xl border border-slate-200 bg-white p-5 shadow-sm;
}

.app-card-title {
  @apply text-sm font-semibold uppercase tracking-wide text-slate-500;
}

.status-pill {
  @apply inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium;
}

.fade-in {
  animation: fade-in 200ms ease-out;
}

@keyframes fade-in {
  from { opacity: 0; transform: translateY(4px); }
  to { opacity: 1; transform: none; }
}
`;

function page(name: string, i: number): string {
  const entity = BENCH_ENTITIES[i % BENCH_ENTITIES.length]!;
  const accent = ["indigo", "emerald", "amber", "rose", "sky", "violet", "teal", "orange"][i]!;
  return `import { useState } from "react";
import { useQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ${entity} } from "@/api/entities";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Badge } from "@/components/ui/badge";
import { Plus, Search, Filter } from "lucide-react";
import { toast } from "sonner";
import PageHeader from "@/components/common/PageHeader";
import EmptyState from "@/components/common/EmptyState";
import { formatDate, pluralize } from "@/services/format";
import { cn } from "@/lib/utils";

export default function ${name}() {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const [onlyOpen, setOnlyOpen] = useState(false);
  const { data: items = [], isLoading } = useQuery({
    queryKey: ["${entity}", "${name}"],
    queryFn: () => ${entity}.list("-created_date", 100),
  });
  const create = useMutation({
    mutationFn: (data) => ${entity}.create(data),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["${entity}"] });
      toast.success("${entity} created");
    },
  });
  const visible = items
    .filter((item) => !onlyOpen || item.status !== "done")
    .filter((item) => (item.title ?? item.name ?? "").toLowerCase().includes(query.toLowerCase()));

  return (
    <div className="fade-in space-y-6">
      <PageHeader title="${name.replace(/([a-z])([A-Z])/g, "$1 $2")}" subtitle={pluralize(visible.length, "${entity.toLowerCase()}")}>
        <Button onClick={() => create.mutate({ title: "Untitled", status: "open" })} className="bg-${accent}-600 hover:bg-${accent}-700">
          <Plus className="mr-2 h-4 w-4" /> New ${entity.toLowerCase()}
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search..." className="pl-9" />
        </div>
        <Button variant="outline" onClick={() => setOnlyOpen((v) => !v)} className={cn(onlyOpen && "border-${accent}-500 text-${accent}-700")}>
          <Filter className="mr-2 h-4 w-4" /> {onlyOpen ? "Open only" : "All"}
        </Button>
      </div>
      {isLoading ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((n) => <div key={n} className="h-28 animate-pulse rounded-xl bg-slate-200" />)}
        </div>
      ) : visible.length === 0 ? (
        <EmptyState title="Nothing here yet" description="Create the first ${entity.toLowerCase()} to get started." />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((item) => (
            <Card key={item.id} className="transition-shadow hover:shadow-md">
              <CardHeader className="flex flex-row items-start justify-between space-y-0 pb-2">
                <CardTitle className="line-clamp-1 text-base">{item.title ?? item.name}</CardTitle>
                <Badge variant={item.status === "done" ? "secondary" : "default"}>{item.status ?? "open"}</Badge>
              </CardHeader>
              <CardContent className="text-sm text-slate-500">Created {formatDate(item.created_date)}</CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
`;
}

type ComponentSpec = { path: string; icon: string; tone: string; extra?: string; extraImport?: string };

const COMPONENTS: ComponentSpec[] = [
  { path: "layout/Sidebar", icon: "LayoutDashboard", tone: "slate" },
  { path: "layout/Topbar", icon: "Bell", tone: "slate" },
  { path: "common/PageHeader", icon: "Sparkles", tone: "indigo" },
  { path: "common/EmptyState", icon: "Inbox", tone: "slate" },
  { path: "dashboard/StatCard", icon: "TrendingUp", tone: "emerald" },
  { path: "dashboard/ActivityFeed", icon: "Activity", tone: "sky" },
  {
    path: "dashboard/RevenueChart",
    icon: "BarChart3",
    tone: "violet",
    extraImport: 'import { ResponsiveContainer, BarChart, Bar, XAxis, Tooltip } from "recharts";',
    extra: `<ResponsiveContainer width="100%" height={200}><BarChart data={data}><XAxis dataKey="label" /><Tooltip /><Bar dataKey="value" fill="#6366f1" radius={[4, 4, 0, 0]} /></BarChart></ResponsiveContainer>`,
  },
  { path: "tasks/TaskCard", icon: "CheckCircle2", tone: "emerald" },
  { path: "tasks/TaskForm", icon: "PenLine", tone: "indigo" },
  { path: "tasks/TaskFilters", icon: "SlidersHorizontal", tone: "amber" },
  {
    path: "tasks/TaskBoard",
    icon: "Columns3",
    tone: "rose",
    extraImport: 'import { DragDropContext, Droppable } from "@hello-pangea/dnd";',
    extra: `<DragDropContext onDragEnd={() => {}}><Droppable droppableId="board">{(p) => <div ref={p.innerRef} {...p.droppableProps} className="min-h-24 rounded-lg bg-slate-100 p-2">{p.placeholder}</div>}</Droppable></DragDropContext>`,
  },
  { path: "projects/ProjectCard", icon: "FolderKanban", tone: "sky" },
  { path: "projects/ProjectForm", icon: "FolderPlus", tone: "violet" },
  { path: "team/MemberCard", icon: "UserRound", tone: "teal" },
  { path: "team/InviteDialog", icon: "UserPlus", tone: "orange" },
  {
    path: "calendar/MonthGrid",
    icon: "CalendarDays",
    tone: "indigo",
    extraImport: 'import { startOfMonth, addDays, format as formatDay } from "date-fns";',
    extra: `<div className="grid grid-cols-7 gap-1">{Array.from({ length: 35 }, (_, d) => <div key={d} className="aspect-square rounded-md border border-slate-100 p-1 text-xs text-slate-500">{formatDay(addDays(startOfMonth(new Date()), d), "d")}</div>)}</div>`,
  },
  { path: "reports/ReportTable", icon: "FileSpreadsheet", tone: "emerald" },
  { path: "settings/ProfileForm", icon: "Settings", tone: "slate" },
];

function component(spec: ComponentSpec, i: number): string {
  const name = spec.path.slice(spec.path.lastIndexOf("/") + 1);
  const t = spec.tone;
  return `import { useState } from "react";
import { ${spec.icon}, ChevronRight, MoreHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
${spec.extraImport ?? ""}
import { cn } from "@/lib/utils";
import { formatDate } from "@/services/format";

const data = [
  { label: "Mon", value: ${10 + i} },
  { label: "Tue", value: ${14 + i} },
  { label: "Wed", value: ${9 + i} },
  { label: "Thu", value: ${18 + i} },
  { label: "Fri", value: ${12 + i} },
];

export default function ${name}({ title = "${name}", items = [], onSelect, className, children }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={cn("app-card space-y-3", className)}>
      <header className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-${t}-100 text-${t}-600">
            <${spec.icon} className="h-4 w-4" />
          </span>
          <h3 className="app-card-title">{title}</h3>
        </div>
        <Button variant="ghost" size="icon" onClick={() => setOpen((v) => !v)} aria-label="More">
          <MoreHorizontal className="h-4 w-4" />
        </Button>
      </header>
      ${spec.extra ?? ""}
      <ul className={cn("divide-y divide-slate-100", open ? "block" : "hidden sm:block")}>
        {items.slice(0, 5).map((item) => (
          <li key={item.id} className="flex items-center justify-between py-2 text-sm">
            <button type="button" onClick={() => onSelect?.(item)} className="truncate text-left font-medium text-slate-700 hover:text-${t}-700">
              {item.title ?? item.name}
            </button>
            <span className="flex items-center gap-2 text-xs text-slate-400">
              <Badge variant="outline" className="status-pill">{item.status ?? "new"}</Badge>
              {formatDate(item.updated_date)}
              <ChevronRight className="h-3 w-3" />
            </span>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
`;
}

const services: Record<string, string> = {
  "services/format.js": `import { format, formatDistanceToNow, isValid, parseISO } from "date-fns";

export function formatDate(value, pattern = "MMM d, yyyy") {
  if (!value) return "—";
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern) : "—";
}

export function timeAgo(value) {
  return value ? formatDistanceToNow(parseISO(value), { addSuffix: true }) : "";
}

export function pluralize(count, word) {
  return \`\${count} \${word}\${count === 1 ? "" : "s"}\`;
}
`,
  "services/tasks.js": `import { Task, Activity } from "@/api/entities";
import { InvokeLLM } from "@/api/integrations";
import _ from "lodash";

export async function completeTask(task) {
  const updated = await Task.update(task.id, { status: "done" });
  await Activity.create({ title: \`Completed \${task.title}\`, task_id: task.id });
  return updated;
}

export async function suggestSubtasks(task) {
  return InvokeLLM({ prompt: \`Split into subtasks: \${task.title}\`, response_json_schema: { type: "object" } });
}

export function byStatus(tasks) {
  return _.groupBy(tasks, (t) => t.status ?? "open");
}
`,
};

export function generateApp(): Record<string, string> {
  const files: Record<string, string> = { "layout.jsx": layout, "globals.css": globals, ...services };
  PAGES.forEach((name, i) => {
    files[`pages/${name}.jsx`] = page(name, i);
  });
  COMPONENTS.forEach((spec, i) => {
    files[`components/${spec.path}.jsx`] = component(spec, i);
  });
  // Pages use the components the way apps do: the dashboard composes several.
  files["pages/Home.jsx"] = files["pages/Home.jsx"]!.replace(
    'import { cn } from "@/lib/utils";',
    `import { cn } from "@/lib/utils";
import StatCard from "@/components/dashboard/StatCard";
import ActivityFeed from "@/components/dashboard/ActivityFeed";
import RevenueChart from "@/components/dashboard/RevenueChart";
import TaskBoard from "@/components/tasks/TaskBoard";
import TaskCard from "@/components/tasks/TaskCard";
import TaskForm from "@/components/tasks/TaskForm";
import TaskFilters from "@/components/tasks/TaskFilters";
import ProjectCard from "@/components/projects/ProjectCard";
import ProjectForm from "@/components/projects/ProjectForm";
import MemberCard from "@/components/team/MemberCard";
import InviteDialog from "@/components/team/InviteDialog";
import MonthGrid from "@/components/calendar/MonthGrid";
import ReportTable from "@/components/reports/ReportTable";
import ProfileForm from "@/components/settings/ProfileForm";
import { completeTask, byStatus } from "@/services/tasks";
export const widgets = [StatCard, ActivityFeed, RevenueChart, TaskBoard, TaskCard, TaskForm, TaskFilters, ProjectCard, ProjectForm, MemberCard, InviteDialog, MonthGrid, ReportTable, ProfileForm];
export const actions = { completeTask, byStatus };`,
  );
  return files;
}
