import type { ContextItem } from "@liftoff/domain";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@liftoff/ui";
import { CloudIcon, GlobeIcon, NotebookTextIcon, TypeIcon, UploadIcon } from "lucide-react";
import { AddFileForm } from "./add-file-form.tsx";
import { AddTextForm } from "./add-text-form.tsx";
import { AddWebForm } from "./add-web-form.tsx";

/** Ours: the connectors are listed so builders know they are coming, but cannot be used yet. */
export const CONNECTOR_NOT_CONFIGURED = "Not configured on this server";

const CONNECTORS = [
  { id: "notes", label: "Notes workspace", icon: NotebookTextIcon },
  { id: "drive", label: "Cloud drive", icon: CloudIcon },
] as const;

export type AddSourceTabsProps = { appId: string; onAdded: (items: ContextItem[]) => void };

/** The ways to add a data source: text, files, a web site; the connectors shown disabled. */
export function AddSourceTabs({ appId, onAdded }: AddSourceTabsProps) {
  return (
    <section aria-labelledby="ds-add-heading" className="grid min-w-0 gap-3">
      <h3 id="ds-add-heading" className="text-sm font-semibold">
        Add a data source
      </h3>
      <Tabs defaultValue="file" className="min-w-0">
        <TabsList className="w-full">
          <TabsTrigger value="file">
            <UploadIcon aria-hidden />
            File
          </TabsTrigger>
          <TabsTrigger value="text">
            <TypeIcon aria-hidden />
            Text
          </TabsTrigger>
          <TabsTrigger value="web">
            <GlobeIcon aria-hidden />
            Web site
          </TabsTrigger>
        </TabsList>
        <TabsContent value="file">
          <AddFileForm appId={appId} onAdded={onAdded} />
        </TabsContent>
        <TabsContent value="text">
          <AddTextForm appId={appId} onAdded={onAdded} />
        </TabsContent>
        <TabsContent value="web">
          <AddWebForm appId={appId} onAdded={onAdded} />
        </TabsContent>
      </Tabs>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Connectors">
        {CONNECTORS.map(({ id, label, icon: Icon }) => (
          <li
            key={id}
            aria-disabled="true"
            className="flex min-w-0 items-center gap-2.5 rounded-lg border border-border bg-neutral-25 px-3 py-2 opacity-70"
            data-testid={`ds-connector-${id}`}
          >
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="grid min-w-0">
              <span className="truncate text-13 font-medium">{label}</span>
              <span className="text-xs text-muted-foreground">{CONNECTOR_NOT_CONFIGURED}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
