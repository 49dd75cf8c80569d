import { Droppable } from "@hello-pangea/dnd";
import { Plus } from "lucide-react";
import TaskCard from "@/components/board/TaskCard";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export default function BoardColumn({ status, tasks, onOpen, onAdd }) {
  return (
    <section className="flex min-w-0 flex-col rounded-xl border border-border bg-muted/50">
      <header className="flex items-center gap-2 px-3 pb-2 pt-3">
        <span className={cn("h-2 w-2 rounded-full", status.dot)} />
        <h2 className="text-sm font-semibold">{status.label}</h2>
        <span className="rounded-full bg-background px-2 text-xs font-medium text-muted-foreground">
          {tasks.length}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto h-7 w-7 text-muted-foreground"
          onClick={() => onAdd(status.id)}
          aria-label={`Add a task to ${status.label}`}
        >
          <Plus className="h-4 w-4" />
        </Button>
      </header>
      <Droppable droppableId={status.id}>
        {(provided, snapshot) => (
          <div
            ref={provided.innerRef}
            {...provided.droppableProps}
            className={cn(
              "flex min-h-32 flex-1 flex-col gap-2 rounded-b-xl p-2 transition-colors",
              snapshot.isDraggingOver && "bg-primary/5",
            )}
          >
            {tasks.map((task, index) => (
              <TaskCard key={task.id} task={task} index={index} onOpen={onOpen} />
            ))}
            {provided.placeholder}
            {tasks.length === 0 && !snapshot.isDraggingOver ? (
              <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-xs text-muted-foreground">
                Drop tasks here
              </p>
            ) : null}
          </div>
        )}
      </Droppable>
    </section>
  );
}
