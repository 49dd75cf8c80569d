import { DragDropContext, Draggable, Droppable } from "@hello-pangea/dnd";
import { format, parseISO } from "date-fns";
import { CalendarClock, Columns3, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Contact, Deal } from "@/api/entities";
import DealDialog from "@/components/crm/DealDialog";
import SignInCard from "@/components/SignInCard";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { formatMoney, STAGES, sumValue } from "@/services/crm";
import { useCurrentUser } from "@/services/currentUser";

function DealCard({ deal, index, onOpen }) {
  return (
    <Draggable draggableId={deal.id} index={index}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          onClick={() => onOpen(deal)}
          onKeyDown={(event) => {
            // Space picks the card up for keyboard dragging; Enter opens it.
            if (event.key === "Enter") onOpen(deal);
          }}
          role="button"
          tabIndex={0}
          className={cn(
            "cursor-pointer rounded-lg border border-border bg-card p-3 shadow-sm transition-shadow hover:shadow-md",
            snapshot.isDragging && "shadow-lg ring-2 ring-primary/30",
          )}
        >
          <p className="text-sm font-medium leading-snug">{deal.title}</p>
          <p className="mt-0.5 truncate text-xs text-muted-foreground">{deal.company || "No company"}</p>
          <div className="mt-3 flex items-center justify-between text-xs">
            <span className="font-semibold tabular-nums">{formatMoney(deal.value)}</span>
            {deal.expectedCloseDate ? (
              <span className="flex items-center gap-1 text-muted-foreground">
                <CalendarClock className="h-3 w-3" />
                {format(parseISO(deal.expectedCloseDate), "MMM d")}
              </span>
            ) : null}
          </div>
        </div>
      )}
    </Draggable>
  );
}

export default function Pipeline() {
  const { user, loading: userLoading } = useCurrentUser();
  const [deals, setDeals] = useState([]);
  const [contacts, setContacts] = useState([]);
  const [loading, setLoading] = useState(true);
  const [dialog, setDialog] = useState({ open: false, deal: null });

  useEffect(() => {
    if (!user) return;
    Promise.all([Deal.list("-updatedAt", 500), Contact.list("name", 500)])
      .then(([loadedDeals, loadedContacts]) => {
        setDeals(loadedDeals);
        setContacts(loadedContacts);
      })
      .catch(() => toast.error("Could not load the pipeline"))
      .finally(() => setLoading(false));
  }, [user]);

  async function handleDragEnd({ destination, source, draggableId }) {
    if (!destination || destination.droppableId === source.droppableId) return;
    const stage = destination.droppableId;
    const previous = deals;
    const closing = stage === "won" || stage === "lost";
    const changes = { stage, closedAt: closing ? new Date().toISOString().slice(0, 10) : null };
    setDeals((current) => current.map((deal) => (deal.id === draggableId ? { ...deal, ...changes } : deal)));
    try {
      const updated = await Deal.update(draggableId, changes);
      if (stage === "won") toast.success(`Won ${formatMoney(updated.value)} — nice work!`);
    } catch {
      setDeals(previous);
      toast.error("Could not move the deal");
    }
  }

  function handleSaved(saved) {
    setDeals((current) =>
      current.some((deal) => deal.id === saved.id)
        ? current.map((deal) => (deal.id === saved.id ? saved : deal))
        : [saved, ...current],
    );
  }

  if (!userLoading && !user) {
    return (
      <SignInCard icon={Columns3} title="Your pipeline" description="Sign in to see your deals by stage." />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Pipeline</h1>
          <p className="text-sm text-muted-foreground">Drag deals between stages as they move forward.</p>
        </div>
        <Button onClick={() => setDialog({ open: true, deal: null })}>
          <Plus className="h-4 w-4" />
          New deal
        </Button>
      </div>

      {loading ? (
        <div className="flex gap-4 overflow-hidden">
          {STAGES.slice(0, 4).map((stage) => (
            <Skeleton key={stage.id} className="h-96 w-72 shrink-0 rounded-xl" />
          ))}
        </div>
      ) : (
        <DragDropContext onDragEnd={handleDragEnd}>
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on small screens; focusable so the keyboard can scroll it too
            tabIndex={0}
            aria-label="Pipeline stages"
            className="-mx-4 flex gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6"
          >
            {STAGES.map((stage) => {
              const stageDeals = deals.filter((deal) => deal.stage === stage.id);
              return (
                <section
                  key={stage.id}
                  className="flex w-72 shrink-0 flex-col rounded-xl border border-border bg-muted/50"
                >
                  <header className="px-3 pb-2 pt-3">
                    <div className="flex items-center gap-2">
                      <span className="h-2 w-2 rounded-full" style={{ background: stage.color }} />
                      <h2 className="text-sm font-semibold">{stage.label}</h2>
                      <span className="ml-auto text-xs text-muted-foreground">{stageDeals.length}</span>
                    </div>
                    <p className="mt-1 text-xs font-medium tabular-nums text-muted-foreground">
                      {formatMoney(sumValue(stageDeals))}
                    </p>
                  </header>
                  <Droppable droppableId={stage.id}>
                    {(provided, snapshot) => (
                      <div
                        ref={provided.innerRef}
                        {...provided.droppableProps}
                        className={cn(
                          "flex min-h-40 flex-1 flex-col gap-2 p-2 transition-colors",
                          snapshot.isDraggingOver && "bg-primary/5",
                        )}
                      >
                        {stageDeals.map((deal, index) => (
                          <DealCard
                            key={deal.id}
                            deal={deal}
                            index={index}
                            onOpen={(item) => setDialog({ open: true, deal: item })}
                          />
                        ))}
                        {provided.placeholder}
                        {stageDeals.length === 0 && !snapshot.isDraggingOver ? (
                          <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-xs text-muted-foreground">
                            No deals
                          </p>
                        ) : null}
                      </div>
                    )}
                  </Droppable>
                </section>
              );
            })}
          </section>
        </DragDropContext>
      )}

      <DealDialog
        open={dialog.open}
        deal={dialog.deal}
        contacts={contacts}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onSaved={handleSaved}
      />
    </div>
  );
}
