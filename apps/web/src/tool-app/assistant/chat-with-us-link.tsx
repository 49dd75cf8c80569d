import { toolAppChatUrl } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
import { MessageCircleIcon } from "lucide-react";

/**
 * The way into the app's chat assistant from its home (size "md") and beside a tool's
 * Share button (size "sm"), shown while the assistant is on; in the app's colours.
 */
export function ChatWithUsLink({ base, size = "md" }: { base: string; size?: "md" | "sm" }) {
  return (
    <a
      href={toolAppChatUrl(base)}
      className={cn(
        "inline-flex w-fit items-center justify-center gap-2 border border-(--tool-button-bg) bg-(--tool-surface) font-semibold text-(--tool-label) shadow-sm transition-opacity hover:opacity-90",
        size === "md" ? "h-11 rounded-full px-5 text-sm" : "h-8 rounded-md px-3 text-13",
      )}
      data-testid="chat-with-us"
    >
      <MessageCircleIcon className="size-4 text-(--tool-button-bg)" aria-hidden />
      Chat with us
    </a>
  );
}
