import type { ContextItem } from "@liftoff/domain";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Separator } from "@liftoff/ui";
import { useState } from "react";
import { AddSourceTabs } from "./add-source-tabs.tsx";
import { ContextItemPreviewDialog } from "./context-item-preview-dialog.tsx";
import { ContextItemsList } from "./context-items-list.tsx";
import { DataLimitBanner } from "./data-limit-banner.tsx";
import { TestRetrievalBox } from "./test-retrieval-box.tsx";
import type { useContextItems } from "./use-context-items.ts";

export type DataSourcesModalProps = {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app's items, live (useContextItems): the panel's one stream, shared with the tool's card. */
  items: ReturnType<typeof useContextItems>;
};

/**
 * The builder's Data sources modal: add text, files or a web site, watch them sync live,
 * rename, preview or delete them, and test what a question retrieves. Needs the
 * UpgradeDialogProvider (the router's root has it).
 */
export function DataSourcesModal({ appId, open, onOpenChange, items }: DataSourcesModalProps) {
  const { state, dispatch } = items;
  const [previewed, setPreviewed] = useState<ContextItem | null>(null);
  const upsert = (items: ContextItem[]) => dispatch({ type: "upsert", items });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        // On a phone the modal takes (almost) the whole screen and scrolls as one page.
        className="max-sm:h-[calc(100dvh-1rem)] max-sm:w-[calc(100%-1rem)] max-sm:content-start max-sm:p-4"
        data-testid="data-sources-modal"
        onEscapeKeyDown={(event) => {
          // Escape in a rename field cancels the rename only.
          if (event.target instanceof Element && event.target.closest("[data-testid='ds-rename']"))
            event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Data sources</DialogTitle>
          <DialogDescription>
            Text, files and web pages your tools answer from. They are split into passages, and the ones that
            match a question are given to the AI with it.
          </DialogDescription>
        </DialogHeader>
        {state.hasReachedDataLimit ? <DataLimitBanner onUpgrade={() => onOpenChange(false)} /> : null}
        <AddSourceTabs appId={appId} onAdded={upsert} />
        <Separator />
        <ContextItemsList
          state={state}
          onChanged={(item) => upsert([item])}
          onRemoved={(itemId) => dispatch({ type: "remove", itemId })}
          onPreview={setPreviewed}
        />
        <Separator />
        <TestRetrievalBox appId={appId} />
        <ContextItemPreviewDialog item={previewed} onClose={() => setPreviewed(null)} />
      </DialogContent>
    </Dialog>
  );
}
