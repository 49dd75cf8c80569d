import { SparklesIcon } from "lucide-react";

export function AssistantAvatar() {
  return (
    <span
      className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-xs"
      aria-hidden
    >
      <SparklesIcon className="size-3.5" />
    </span>
  );
}
