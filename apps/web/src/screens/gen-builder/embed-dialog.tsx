import { UPGRADE_REASON_COPY } from "@liftoff/domain";
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from "@liftoff/ui";
import { SparklesIcon } from "lucide-react";
import { CopyButton } from "../../lib/copy-button.tsx";
import { useUpgradeDialog } from "../pricing/upgrade-dialog.tsx";
import { embedUrl, iframeSnippet, scriptSnippet } from "./embed-snippets.ts";

/** Ours: the copy confirmation of a snippet (the spec's 'Link copied!' / 'Post copied!' are the share dialog's). */
export const EMBED_COPIED = "Snippet copied!";

export type EmbedDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tool's path (its page is {base}/tool/{path}) and title (the iframe's accessible name). */
  toolPath: string;
  toolTitle: string;
  /** The app's base: '/app/{slug}' on the platform host, '' on a custom host. */
  base: string;
  /** The address the snippet points at; this page's origin by default. */
  origin?: string;
  /** Whether the account's plan allows embedding; if not, the dialog offers the upgrade ('embed app'). */
  canEmbed: boolean;
};

function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="grid min-w-0 gap-2">
      {/* A read-only text box: keyboard-reachable, and a click or focus selects the whole snippet. */}
      <Textarea
        readOnly
        rows={6}
        value={code}
        aria-label={label}
        spellCheck={false}
        className="resize-none font-mono text-xs leading-5 break-all"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <CopyButton text={code} label="Copy snippet" copiedLabel={EMBED_COPIED} />
      </div>
    </div>
  );
}

/**
 * Embeds a tool on another site: a copyable iframe, or a script that inserts the same iframe
 * (for site builders that strip iframes). Gated by plan: without embedding the dialog shows
 * why and opens the upgrade dialog with the reason 'embed app'. Needs the
 * UpgradeDialogProvider (the router's root provides it).
 */
export function EmbedDialog({
  open,
  onOpenChange,
  toolPath,
  toolTitle,
  base,
  origin,
  canEmbed,
}: EmbedDialogProps) {
  const upgrade = useUpgradeDialog();
  const url = embedUrl({
    origin: origin ?? (typeof window === "undefined" ? "" : window.location.origin),
    base,
    toolPath,
  });
  const copy = UPGRADE_REASON_COPY.embed_app;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Embed {toolTitle.trim() || "this tool"}</DialogTitle>
          <DialogDescription>Paste a snippet into your site where the tool should appear.</DialogDescription>
        </DialogHeader>
        {canEmbed ? (
          <Tabs defaultValue="iframe" className="min-w-0">
            <TabsList>
              <TabsTrigger value="iframe">Iframe</TabsTrigger>
              <TabsTrigger value="script">Script</TabsTrigger>
            </TabsList>
            <TabsContent value="iframe">
              <Snippet code={iframeSnippet({ url, title: toolTitle })} label="Iframe snippet" />
            </TabsContent>
            <TabsContent value="script">
              <Snippet code={scriptSnippet({ url, title: toolTitle })} label="Script snippet" />
            </TabsContent>
          </Tabs>
        ) : (
          <Alert
            tone="info"
            title={copy.title}
            action={
              <Button
                size="sm"
                onClick={() => {
                  onOpenChange(false);
                  upgrade.open("embed_app");
                }}
              >
                <SparklesIcon aria-hidden="true" />
                Upgrade
              </Button>
            }
          >
            {copy.description}
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}
