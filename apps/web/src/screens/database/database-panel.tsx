import type { EntitySchema } from "@liftoff/domain";
import { Button, Card, ConfirmDialog, cn, EmptyState, inputClasses, Skeleton, toast } from "@liftoff/ui";
import { CheckIcon, DatabaseIcon, PlusIcon, TableIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { databaseApi } from "./database-api.ts";
import { EntityView } from "./entity-view.tsx";
import type { RequestChat } from "./permission-change.ts";
import { SchemaEditorDialog } from "./schema-editor-dialog.tsx";
import { UserEmailsProvider } from "./user-emails.tsx";

export const NO_ENTITIES_MESSAGE = "No entities yet, use the chat to create one";
/** The spec's empty state names the chat; without a working chat it points at New entity instead. */
export const NO_ENTITIES_WITHOUT_CHAT_MESSAGE = "No entities yet, create one with New entity";

/**
 * The builder's Database panel for space apps (spec section 2): entity list (sidebar on
 * desktop, a dropdown below 1024 px), a grid per entity with Import, and the permissions
 * control; a small schema editor stands in for the chat until it exists.
 */
export function DatabasePanel({
  appId,
  onDone,
  requestChat,
  onEntitiesChanged,
  aiAvailable = true,
}: {
  appId: string;
  onDone: () => void;
  /**
   * An entity was created or deleted: the server made a new draft version whose build knows
   * the app's entities, which the builder loads (files, diagnostics, preview).
   */
  onEntitiesChanged?: (() => void) | undefined;
  /**
   * Sends a message to the builder's chat and opens it (spec section 6: a permission preset
   * is a chat request). Without it, presets are applied directly.
   */
  requestChat?: RequestChat | undefined;
  /**
   * An AI model is configured (default: assumed, the import then falls back with the spec's
   * warning if it is not). Without one nothing here offers what only a model could do: the
   * CSV import maps columns by name at once, without a warning.
   */
  aiAvailable?: boolean | undefined;
}) {
  const api = useMemo(() => databaseApi(appId), [appId]);
  const entities = useResource(`entities:${appId}`, () => api.listEntities());
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [editor, setEditor] = useState<{ open: boolean; existing: EntitySchema | null }>({
    open: false,
    existing: null,
  });
  const [confirmDelete, setConfirmDelete] = useState(false);

  const list = entities.status === "success" ? entities.data : [];
  const selected = list.find((entity) => entity.name === selectedName) ?? list[0] ?? null;

  async function saveSchema(schema: EntitySchema) {
    await api.saveSchema(schema);
    if (!editor.existing) onEntitiesChanged?.();
    await entities.refresh();
    setSelectedName(schema.name);
    toast.success(editor.existing ? `${schema.name} saved` : `${schema.name} created`);
  }

  async function deleteEntity() {
    if (!selected) return;
    await api.deleteEntity(selected.name);
    onEntitiesChanged?.();
    toast.success(`${selected.name} deleted`);
    setSelectedName(null);
    await entities.refresh();
  }

  const newEntityButton = (size: "sm" | "default") => (
    <Button
      size={size}
      onClick={() => setEditor({ open: true, existing: null })}
      aria-label="New entity"
      data-testid="db-new-entity"
    >
      <PlusIcon />
      <span className={size === "sm" ? "hidden sm:inline" : undefined}>New entity</span>
    </Button>
  );

  return (
    <UserEmailsProvider appId={appId}>
      <Card className="flex min-w-0 flex-col gap-0 overflow-hidden p-0" data-testid="db-panel">
        <div className="flex items-center gap-3 border-b border-border px-4 py-3 sm:px-5">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
            <DatabaseIcon className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            {/* Takes focus when the panel opens (space-builder). */}
            <h2 className="text-base font-semibold tracking-tight" tabIndex={-1} data-panel-heading>
              Database
            </h2>
            <p className="hidden text-13 text-muted-foreground sm:block">
              Your app's data tables and who can use them.
            </p>
          </div>
          {list.length > 0 ? newEntityButton("sm") : null}
          <Button variant="outline" size="sm" onClick={onDone} data-testid="db-done">
            <CheckIcon />
            {/* The panel's only way back (the phone header leaves its own Done out here), named
                for what it closes: "Done with Database". */}
            Done<span className="sr-only"> with Database</span>
          </Button>
        </div>

        {entities.status === "loading" ? (
          <div className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[220px_minmax(0,1fr)]" aria-busy="true">
            <div className="hidden gap-2 lg:grid lg:content-start">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
            <div className="grid gap-3">
              <Skeleton className="h-8 w-64" />
              <Skeleton className="h-72" />
            </div>
          </div>
        ) : entities.status === "error" ? (
          <div className="p-4 sm:p-5">
            <LoadError title="Couldn't load the entities" error={entities.error} onRetry={entities.reload} />
          </div>
        ) : list.length === 0 ? (
          <div className="p-4 sm:p-5">
            <EmptyState
              icon={TableIcon}
              // The spec's text sends the builder to the chat: only where a chat can take it.
              title={requestChat ? NO_ENTITIES_MESSAGE : NO_ENTITIES_WITHOUT_CHAT_MESSAGE}
              description={
                requestChat
                  ? "Entities are the data tables of your app. Ask the chat for one, or define it here."
                  : "Entities are the data tables of your app. Define one here, then add records or import a CSV file."
              }
              action={newEntityButton("default")}
            />
          </div>
        ) : (
          <div className="grid min-w-0 grid-cols-1 lg:grid-cols-[220px_minmax(0,1fr)]">
            <nav aria-label="Entities" className="hidden border-r border-border p-2 lg:block">
              <p className="px-2.5 pt-1.5 pb-2 text-xs font-medium uppercase tracking-wider text-muted-foreground">
                Entities
              </p>
              <ul className="grid gap-0.5">
                {list.map((entity) => {
                  const active = entity.name === selected?.name;
                  return (
                    <li key={entity.name}>
                      <button
                        type="button"
                        aria-current={active ? "true" : undefined}
                        onClick={() => setSelectedName(entity.name)}
                        data-testid="db-entity-item"
                        data-entity={entity.name}
                        className={cn(
                          "flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm transition-colors",
                          active
                            ? "bg-accent font-medium text-foreground"
                            : "text-foreground hover:bg-neutral-50",
                        )}
                      >
                        <TableIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="min-w-0 flex-1 truncate">{entity.name}</span>
                        <span
                          className="shrink-0 text-xs tabular-nums text-muted-foreground"
                          data-testid="db-entity-count"
                        >
                          {entity.count.toLocaleString()}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <div className="grid min-w-0 grid-cols-1 content-start gap-3 p-3 sm:p-4">
              <label className="grid gap-1.5 lg:hidden">
                <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                  Entity
                </span>
                <select
                  className={cn(inputClasses, "py-0")}
                  value={selected?.name ?? ""}
                  onChange={(event) => setSelectedName(event.target.value)}
                  data-testid="db-entity-select"
                >
                  {list.map((entity) => (
                    <option key={entity.name} value={entity.name}>
                      {entity.name} ({entity.count.toLocaleString()})
                    </option>
                  ))}
                </select>
              </label>
              {selected ? (
                <EntityView
                  key={selected.name}
                  api={api}
                  entity={selected}
                  onChanged={() => void entities.refresh()}
                  onEditSchema={() => setEditor({ open: true, existing: selected.schema })}
                  onDeleteEntity={() => setConfirmDelete(true)}
                  requestChat={requestChat}
                  onChatRequested={onDone}
                  aiAvailable={aiAvailable}
                />
              ) : null}
            </div>
          </div>
        )}

        <SchemaEditorDialog
          open={editor.open}
          onOpenChange={(open) => setEditor((prev) => ({ ...prev, open }))}
          existing={editor.existing}
          onSave={saveSchema}
        />
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete ${selected?.name ?? "entity"}?`}
          description={`The entity and all its ${selected?.count.toLocaleString() ?? ""} rows are deleted. This can't be undone.`}
          confirmLabel="Delete entity"
          destructive
          onConfirm={deleteEntity}
        />
      </Card>
    </UserEmailsProvider>
  );
}
