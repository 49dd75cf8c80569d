import { DragDropContext } from "@hello-pangea/dnd";
import { KanbanSquare, Plus } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { Task } from "@/api/entities";
import BoardColumn from "@/components/board/BoardColumn";
import BoardFilters, { applyFilters, NO_FILTERS } from "@/components/board/BoardFilters";
import TaskDialog from "@/components/board/TaskDialog";
import SignInCard from "@/components/SignInCard";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/services/currentUser";
import { allTags, columnTasks, STATUSES } from "@/services/taskMeta";

function BoardSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {STATUSES.map((status) => (
        <div key={status.id} className="space-y-2 rounded-xl border border-border bg-muted/50 p-3">
          <Skeleton className="h-5 w-24" />
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-20 w-full rounded-lg" />
          ))}
        </div>
      ))}
    </div>
  );
}

export default function Board() {
  const { user, loading: userLoading } = useCurrentUser();
  const [tasks, setTasks] = useState([]);
  const [loading, setLoading] = useState(true);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [dialog, setDialog] = useState({ open: false, task: null, status: "todo" });

  useEffect(() => {
    if (!user) return;
    Task.list("position", 500)
      .then(setTasks)
      .catch(() => toast.error("Could not load your tasks"))
      .finally(() => setLoading(false));
  }, [user]);

  const visible = useMemo(() => applyFilters(tasks, filters), [tasks, filters]);
  const tags = useMemo(() => allTags(tasks), [tasks]);

  async function handleDragEnd({ source, destination, draggableId }) {
    if (!destination) return;
    if (source.droppableId === destination.droppableId && source.index === destination.index) return;

    const moved = tasks.find((task) => task.id === draggableId);
    const target = columnTasks(visible, destination.droppableId).filter((task) => task.id !== draggableId);
    target.splice(destination.index, 0, { ...moved, status: destination.droppableId });

    // Renumber the destination column so the order survives a reload.
    const changes = target
      .map((task, position) => ({ task, position }))
      .filter(({ task, position }) => task.id === draggableId || task.position !== position);
    const previous = tasks;
    setTasks((current) =>
      current.map((task) => {
        const change = changes.find((entry) => entry.task.id === task.id);
        return change ? { ...task, status: destination.droppableId, position: change.position } : task;
      }),
    );

    try {
      await Promise.all(
        changes.map(({ task, position }) => {
          const data = { position };
          if (task.id === draggableId) {
            data.status = destination.droppableId;
            data.completedAt = destination.droppableId === "done" ? new Date().toISOString() : null;
          }
          return Task.update(task.id, data);
        }),
      );
      if (source.droppableId !== destination.droppableId && destination.droppableId === "done") {
        toast.success(`"${moved.title}" is done`);
      }
    } catch {
      setTasks(previous);
      toast.error("Could not move the task");
    }
  }

  async function handleSave(data) {
    try {
      if (dialog.task) {
        const changedColumn = data.status !== dialog.task.status;
        const updated = await Task.update(dialog.task.id, {
          ...data,
          completedAt: data.status === "done" ? (dialog.task.completedAt ?? new Date().toISOString()) : null,
          ...(changedColumn ? { position: columnTasks(tasks, data.status).length } : {}),
        });
        setTasks((current) => current.map((task) => (task.id === updated.id ? updated : task)));
        toast.success("Task updated");
      } else {
        const created = await Task.create({
          ...data,
          position: columnTasks(tasks, data.status).length,
          ...(data.status === "done" ? { completedAt: new Date().toISOString() } : {}),
        });
        setTasks((current) => [...current, created]);
        toast.success("Task created");
      }
    } catch (error) {
      toast.error(error?.message ?? "Could not save the task");
      throw error;
    }
  }

  async function handleDelete(task) {
    try {
      await Task.delete(task.id);
      setTasks((current) => current.filter((item) => item.id !== task.id));
      setDialog((current) => ({ ...current, open: false }));
      toast.success("Task deleted");
    } catch {
      toast.error("Could not delete the task");
    }
  }

  if (!userLoading && !user) {
    return (
      <SignInCard
        icon={KanbanSquare}
        title="Your board is waiting"
        description="Sign in to plan your work, drag tasks across columns and track what's done."
      />
    );
  }

  const openNew = (status = "todo") => setDialog({ open: true, task: null, status });

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">My board</h2>
          <p className="text-sm text-muted-foreground">
            {loading
              ? "Loading tasks…"
              : `${tasks.filter((task) => task.status !== "done").length} open · ${tasks.filter((task) => task.status === "done").length} done`}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <BoardFilters filters={filters} onChange={setFilters} tags={tags} />
          <Button onClick={() => openNew()}>
            <Plus className="h-4 w-4" />
            New task
          </Button>
        </div>
      </div>

      {loading ? (
        <BoardSkeleton />
      ) : tasks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-background px-6 py-16 text-center">
          <KanbanSquare className="h-10 w-10 text-muted-foreground" />
          <div>
            <p className="font-medium">No tasks yet</p>
            <p className="text-sm text-muted-foreground">Create your first task to get the board going.</p>
          </div>
          <Button onClick={() => openNew()}>
            <Plus className="h-4 w-4" />
            Create a task
          </Button>
        </div>
      ) : (
        <DragDropContext onDragEnd={handleDragEnd}>
          <div className="grid items-start gap-4 md:grid-cols-3">
            {STATUSES.map((status) => (
              <BoardColumn
                key={status.id}
                status={status}
                tasks={columnTasks(visible, status.id)}
                onOpen={(task) => setDialog({ open: true, task, status: task.status })}
                onAdd={openNew}
              />
            ))}
          </div>
        </DragDropContext>
      )}

      <TaskDialog
        open={dialog.open}
        task={dialog.task}
        defaultStatus={dialog.status}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onSave={handleSave}
        onDelete={handleDelete}
      />
    </div>
  );
}
