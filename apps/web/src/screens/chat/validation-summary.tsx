import { CHAT_MESSAGES, type ChatMessage, type ValidationResult } from "@liftoff/domain";
import { Button, cn, toast } from "@liftoff/ui";
import { FlaskConicalIcon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { chatApi } from "./chat-api.ts";
import { validationCounts, validationSummaryText } from "./chat-format.ts";
import { ValidationDialog } from "./validation-dialog.tsx";

/**
 * 'Checked: N issues found, M fixed' under an assistant message, opening the validation
 * results dialog; platform admins also get 'Test Validators', which runs validate-repair on
 * the message's version again.
 */
export function ValidationSummary({
  appId,
  message,
  isAdmin,
  onRepaired,
}: {
  appId: string;
  message: ChatMessage;
  isAdmin: boolean;
  /** A repair made a new version: the builder reloads the files. */
  onRepaired: () => void;
}) {
  const [shown, setShown] = useState<ValidationResult | null>(null);
  const [testing, setTesting] = useState(false);
  const validation = message.annotations.validation;
  const versionId = message.annotations.versionId;
  if (!validation && !(isAdmin && versionId)) return null;
  const counts = validation ? validationCounts(validation) : null;

  async function testValidators() {
    if (!versionId) return;
    setTesting(true);
    try {
      const result = await chatApi.validateRepair(appId, versionId, {
        messageId: message.id,
        messageContent: message.content,
      });
      setShown(result);
      if (result.appBundle.versionId !== versionId) onRepaired();
    } catch {
      toast.error(CHAT_MESSAGES.validateFailed);
    } finally {
      setTesting(false);
    }
  }

  const Icon = counts && counts.unresolved > 0 ? ShieldAlertIcon : ShieldCheckIcon;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="chat-validation">
      {validation && counts ? (
        <button
          type="button"
          onClick={() => setShown(validation)}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-md py-0.5 text-xs hover:underline",
            counts.unresolved > 0 ? "text-warning-text" : "text-muted-foreground",
          )}
          data-testid="chat-validation-open"
        >
          <Icon className={cn("size-3.5", counts.unresolved === 0 && "text-success")} aria-hidden />
          {validationSummaryText(validation)}
        </button>
      ) : null}
      {isAdmin && versionId ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-6 px-1.5 text-xs text-muted-foreground"
          loading={testing}
          onClick={() => void testValidators()}
          data-testid="chat-test-validators"
        >
          {testing ? null : <FlaskConicalIcon className="size-3.5" />}
          {CHAT_MESSAGES.testValidators}
        </Button>
      ) : null}
      <ValidationDialog result={shown} onOpenChange={(open) => !open && setShown(null)} />
    </div>
  );
}
