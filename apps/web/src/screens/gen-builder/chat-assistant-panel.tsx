import { GENERATED_APP_MESSAGES } from "@liftoff/domain";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from "@liftoff/ui";
import { MessageSquareIcon } from "lucide-react";
import { useState } from "react";
import { SettingsSection as Section, ToggleRow } from "../app-settings/settings-section.tsx";
import { chatAssistantMessage } from "./chat-assistant-model.ts";
import { savedAppApi } from "./saved-app-api.ts";
import type { SavedAppEditor } from "./use-saved-app-editor.ts";

/**
 * App chat (platform admins, spec sections 2, 4 and 8): the generated app's chat assistant,
 * draft or active. The switch moves at once and moves back if the call fails. The
 * server owns the status (a save never changes it); its answer is applied to the editor's
 * copies without a save.
 */
export function ChatAssistantPanel({ editor }: { editor: SavedAppEditor }) {
  const stored = editor.app.chatSettings.status === "active";
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [welcome, setWelcome] = useState(false);
  const active = optimistic ?? stored;

  async function change(isActive: boolean) {
    setOptimistic(isActive);
    setBusy(true);
    try {
      // Pending edits first, so the switch's new version is the one the next save builds on.
      await editor.saveNow();
      const result = await savedAppApi.activateChat(editor.meta.appId, isActive);
      editor.patchSaved((app) => ({ ...app, chatSettings: result.chatSettings }), result.version);
      toast.success(chatAssistantMessage(isActive, true));
      if (isActive) setWelcome(true);
    } catch {
      toast.error(chatAssistantMessage(isActive, false));
    } finally {
      setOptimistic(null);
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4" data-testid="chat-assistant-panel">
      <Section
        title="Chat assistant"
        description="A chat for your end users that answers from this app's tools and data."
      >
        <ToggleRow
          id="chat-assistant-active"
          label={active ? "Active" : "Draft"}
          description={
            active ? "End users can chat with the assistant." : "The assistant is hidden from end users."
          }
          checked={active}
          disabled={busy}
          onChange={(on) => void change(on)}
        />
        {editor.app.chatSettings.chatAppId ? (
          <p className="text-xs text-muted-foreground" data-testid="chat-assistant-id">
            Assistant id {editor.app.chatSettings.chatAppId}
          </p>
        ) : null}
      </Section>
      <Dialog open={welcome} onOpenChange={setWelcome}>
        <DialogContent size="sm">
          <DialogHeader>
            <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <MessageSquareIcon className="size-5" aria-hidden />
            </span>
            <DialogTitle>{GENERATED_APP_MESSAGES.activateChatDialogTitle}</DialogTitle>
            <DialogDescription>
              Your chat assistant is live: end users of the published app can ask it questions, and it answers
              from the app's tools and data sources.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => setWelcome(false)}>Got it</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
