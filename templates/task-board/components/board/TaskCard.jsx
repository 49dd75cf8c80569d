import { Draggable } from "@hello-pangea/dnd";
import { CalendarDays } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { dueInfo, priorityMeta } from "@/services/taskMeta";

const DUE_TONES = {
  danger: "text-rose-600",
  warning: "text-amber-600",
  muted: "text-muted-foreground",
};

export default function TaskCard({ task, index, onOpen }) {
  const priority = priorityMeta(task.priority);
  const due = dueInfo(task.dueDate, task.status);

  return (
    <Draggable draggableId={task.id} index={index}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          onClick={() => onOpen(task)}
          onKeyDown={(event) => {
            // Space picks the card up for keyboard dragging; Enter opens it.
            if (event.key === "Enter") onOpen(task);
          }}
          role="button"
          tabIndex={0}
          className={cn(
            "group cursor-pointer rounded-lg border border-border bg-card p-3 shadow-sm transition-shadow hover:shadow-md",
            snapshot.isDragging && "rotate-1 shadow-lg ring-2 ring-primary/30",
          )}
        >
          <div className="flex items-start justify-between gap-2">
            <p
              className={cn(
                "text-sm font-medium leading-snug",
                task.status === "done" && "text-muted-foreground line-through",
              )}
            >
              {task.title}
            </p>
            <Badge variant="outline" className={cn("shrink-0 text-[11px] font-medium", priority.className)}>
              {priority.label}
            </Badge>
          </div>
          {task.description ? (
            <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{task.description}</p>
          ) : null}
          {(task.tags?.length > 0 || due) && (
            <div className="mt-3 flex flex-wrap items-center gap-1.5">
              {task.tags?.map((tag) => (
                <span
                  key={tag}
                  className="rounded-md bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground"
                >
                  #{tag}
                </span>
              ))}
              {due ? (
                <span className={cn("ml-auto flex items-center gap-1 text-[11px]", DUE_TONES[due.tone])}>
                  <CalendarDays className="h-3 w-3" />
                  {due.label}
                </span>
              ) : null}
            </div>
          )}
        </div>
      )}
    </Draggable>
  );
}
