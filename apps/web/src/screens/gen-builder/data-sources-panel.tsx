import type { Tool } from "@liftoff/domain";
import { Button, EmptyState } from "@liftoff/ui";
import { LibraryIcon } from "lucide-react";
import { useState } from "react";
import { DataSourcesModal } from "../data-sources/data-sources-modal.tsx";
import { ToolDataItemsCard } from "../data-sources/tool-data-items-card.tsx";
import { useContextItems } from "../data-sources/use-context-items.ts";

/**
 * The Data sources entry (spec section 2): the sources belong to the app, and are managed in
 * the Data sources modal this panel opens. It does not open by itself on arrival: a modal
 * over the tool's tabs would stand in the way of the next tab (e2e/gen-builder walks them).
 */
export function DataSourcesPanel({
  appId,
  tool,
  onToolChange,
}: {
  appId: string;
  tool: Tool;
  onToolChange: (next: Tool) => void;
}) {
  const [open, setOpen] = useState(false);
  // One stream of the app's items for the card and the modal.
  const items = useContextItems(appId);
  return (
    <div data-testid="data-sources-panel" className="grid gap-4">
      <EmptyState
        icon={LibraryIcon}
        title="Data sources"
        description="Text, files and web sites your tools answer from. They are shared by every tool of this app."
        action={
          <Button onClick={() => setOpen(true)} data-testid="data-sources-open">
            <LibraryIcon aria-hidden />
            Manage data sources
          </Button>
        }
        className="py-12"
      />
      <ToolDataItemsCard state={items.state} tool={tool} onToolChange={onToolChange} />
      <DataSourcesModal appId={appId} open={open} onOpenChange={setOpen} items={items} />
    </div>
  );
}
