import { canUsePlanFeature, type SavedAppResponse } from "@liftoff/domain";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@liftoff/ui";
import { CodeXmlIcon } from "lucide-react";
import { useState } from "react";
import { EmbedDialog } from "./embed-dialog.tsx";

/**
 * 'Embed' in the builder's header once the app is published: the embed snippets of one of
 * its active tools (a single tool has one; a generated app's tools are listed to pick
 * from). The dialog itself shows the upgrade prompt ('embed app') on a plan without
 * embedding; the owner's plan decides, also when an admin edits.
 */
export function EmbedMenu({ meta }: { meta: Pick<SavedAppResponse, "app" | "slug" | "ownerPlan" | "kind"> }) {
  const tools = meta.app.tools.filter((tool) => tool.status === "active");
  const [toolId, setToolId] = useState<string | null>(null);
  const chosen = tools.find((tool) => tool.toolId === toolId) ?? null;
  if (tools.length === 0) return null;
  const trigger = (
    <Button variant="outline" size="sm" data-testid="builder-embed">
      <CodeXmlIcon />
      Embed
    </Button>
  );
  return (
    <>
      {tools.length === 1 ? (
        <span onClickCapture={() => setToolId(tools[0]!.toolId)}>{trigger}</span>
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Embed a tool</DropdownMenuLabel>
            {tools.map((tool) => (
              <DropdownMenuItem key={tool.toolId} onSelect={() => setToolId(tool.toolId)}>
                {tool.title || tool.path}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {chosen ? (
        <EmbedDialog
          open
          onOpenChange={(open) => {
            if (!open) setToolId(null);
          }}
          toolPath={chosen.path}
          toolTitle={chosen.title}
          base={`/app/${meta.slug}`}
          canEmbed={canUsePlanFeature(meta.ownerPlan, "embedApps")}
        />
      ) : null}
    </>
  );
}
