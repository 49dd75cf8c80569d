import { eachDayOfInterval, format, isSameDay, parseISO, startOfDay, subDays } from "date-fns";
import { AlertTriangle, BarChart3, CheckCircle2, Circle, ListTodo } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { toast } from "sonner";
import { Task } from "@/api/entities";
import SignInCard from "@/components/SignInCard";
import StatCard from "@/components/StatCard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/services/currentUser";
import { PRIORITIES, STATUSES } from "@/services/taskMeta";

const STATUS_COLORS = { todo: "#94a3b8", in_progress: "#f59e0b", done: "#10b981" };

function completedPerDay(tasks) {
  const today = startOfDay(new Date());
  return eachDayOfInterval({ start: subDays(today, 13), end: today }).map((day) => ({
    day: format(day, "MMM d"),
    completed: tasks.filter((task) => task.completedAt && isSameDay(parseISO(task.completedAt), day)).length,
  }));
}

export default function Stats() {
  const { user, loading: userLoading } = useCurrentUser();
  const [tasks, setTasks] = useState([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!user) return;
    Task.list("-updatedAt", 500)
      .then(setTasks)
      .catch(() => toast.error("Could not load your tasks"))
      .finally(() => setLoading(false));
  }, [user]);

  const stats = useMemo(() => {
    const done = tasks.filter((task) => task.status === "done").length;
    const today = new Date().toISOString().slice(0, 10);
    const overdue = tasks.filter(
      (task) => task.status !== "done" && task.dueDate && task.dueDate < today,
    ).length;
    return {
      total: tasks.length,
      done,
      open: tasks.length - done,
      overdue,
      rate: tasks.length ? Math.round((done / tasks.length) * 100) : 0,
      byStatus: STATUSES.map((status) => ({
        id: status.id,
        name: status.label,
        value: tasks.filter((task) => task.status === status.id).length,
      })),
      byPriority: PRIORITIES.map((priority) => ({
        ...priority,
        total: tasks.filter((task) => task.priority === priority.id).length,
        done: tasks.filter((task) => task.priority === priority.id && task.status === "done").length,
      })),
      perDay: completedPerDay(tasks),
    };
  }, [tasks]);

  if (!userLoading && !user) {
    return (
      <SignInCard
        icon={BarChart3}
        title="See how your week is going"
        description="Sign in to see your completed tasks, open work and what's overdue."
      />
    );
  }

  if (loading) {
    return (
      <div className="mx-auto max-w-7xl space-y-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-24 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-80 rounded-xl" />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight">Stats</h2>
        <p className="text-sm text-muted-foreground">How your tasks are moving along.</p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={ListTodo} label="All tasks" value={stats.total} hint={`${stats.rate}% completed`} />
        <StatCard icon={Circle} label="Open" value={stats.open} tone="text-amber-600 bg-amber-50" />
        <StatCard icon={CheckCircle2} label="Done" value={stats.done} tone="text-emerald-600 bg-emerald-50" />
        <StatCard
          icon={AlertTriangle}
          label="Overdue"
          value={stats.overdue}
          hint={stats.overdue ? "Worth a look today" : "Nothing overdue"}
          tone="text-rose-600 bg-rose-50"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-base">Completed per day</CardTitle>
            <CardDescription>The last 14 days</CardDescription>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={stats.perDay} margin={{ left: -20, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
                <XAxis
                  dataKey="day"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  interval="preserveStartEnd"
                />
                <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
                <Tooltip cursor={{ fill: "rgba(79, 70, 229, 0.06)" }} />
                <Bar
                  dataKey="completed"
                  name="Completed"
                  fill="var(--color-primary, #4f46e5)"
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-base">By status</CardTitle>
            <CardDescription>Where your tasks are now</CardDescription>
          </CardHeader>
          <CardContent>
            {stats.total === 0 ? (
              <p className="py-16 text-center text-sm text-muted-foreground">No tasks yet.</p>
            ) : (
              <>
                <div className="h-44">
                  <ResponsiveContainer width="100%" height="100%">
                    <PieChart>
                      <Pie
                        data={stats.byStatus}
                        dataKey="value"
                        nameKey="name"
                        innerRadius={48}
                        outerRadius={72}
                        paddingAngle={2}
                      >
                        {stats.byStatus.map((entry) => (
                          <Cell key={entry.id} fill={STATUS_COLORS[entry.id]} />
                        ))}
                      </Pie>
                      <Tooltip />
                    </PieChart>
                  </ResponsiveContainer>
                </div>
                <ul className="mt-4 space-y-2">
                  {stats.byStatus.map((entry) => (
                    <li key={entry.id} className="flex items-center gap-2 text-sm">
                      <span
                        className="h-2.5 w-2.5 rounded-full"
                        style={{ background: STATUS_COLORS[entry.id] }}
                      />
                      <span className="text-muted-foreground">{entry.name}</span>
                      <span className="ml-auto font-medium">{entry.value}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Progress by priority</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-3">
          {stats.byPriority.map((priority) => (
            <div key={priority.id} className="space-y-2">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium">{priority.label}</span>
                <span className="text-muted-foreground">
                  {priority.done}/{priority.total}
                </span>
              </div>
              <Progress
                value={priority.total ? (priority.done / priority.total) * 100 : 0}
                aria-label={`${priority.label} priority tasks done`}
              />
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
