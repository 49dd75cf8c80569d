import type { ConnectorProvider, ContextItem } from "@liftoff/domain";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@liftoff/ui";
import { CloudIcon, GlobeIcon, type LucideIcon, NotebookTextIcon, TypeIcon, UploadIcon } from "lucide-react";
import { AddFileForm } from "./add-file-form.tsx";
import { AddTextForm } from "./add-text-form.tsx";
import { AddWebForm } from "./add-web-form.tsx";
import { ConnectorPanel } from "./connector-panel.tsx";
import { useConnectors } from "./use-connectors.ts";

const CONNECTOR_ICONS: Record<ConnectorProvider, LucideIcon> = {
  notion: NotebookTextIcon,
  google_drive: CloudIcon,
};

export type AddSourceTabsProps = { appId: string; onAdded: (items: ContextItem[]) => void };

/**
 * The ways to add a data source: a file, text, a web site, and a tab per connector this
 * server has configured (GET /api/integrations/fetchCarbonTokens). Connectors that are not
 * configured are not shown at all (issue 17: "the entries show only when configured").
 */
export function AddSourceTabs({ appId, onAdded }: AddSourceTabsProps) {
  const { connectors, reload } = useConnectors();
  return (
    <section aria-labelledby="ds-add-heading" className="grid min-w-0 gap-3">
      <h3 id="ds-add-heading" className="text-sm font-semibold">
        Add a data source
      </h3>
      <Tabs defaultValue="file" className="min-w-0">
        {/* With the connectors the tabs outgrow a phone's width: they wrap to a second row. */}
        <TabsList className="h-auto w-full flex-wrap [&>button]:h-8">
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
          {connectors.map(({ provider, label }) => {
            const Icon = CONNECTOR_ICONS[provider];
            return (
              <TabsTrigger key={provider} value={provider} data-testid={`ds-tab-${provider}`}>
                <Icon aria-hidden />
                {label}
              </TabsTrigger>
            );
          })}
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
        {connectors.map((connector) => (
          <TabsContent key={connector.provider} value={connector.provider}>
            <ConnectorPanel appId={appId} connector={connector} onAdded={onAdded} onChanged={reload} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
