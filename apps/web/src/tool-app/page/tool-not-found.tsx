import { toolAppHomeUrl } from "@liftoff/domain";
import { SearchXIcon } from "lucide-react";

/** A draft's or an unknown tool's address (the server answers it 404): said plainly, with the way home. */
export function ToolNotFound({ base, appName, title }: { base: string; appName: string; title: string }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-(--tool-surface-border) bg-(--tool-surface) px-6 py-10 text-center shadow-sm"
      data-testid="tool-not-found"
    >
      <SearchXIcon className="size-8 text-(--tool-muted)" aria-hidden />
      <h1 className="text-xl font-semibold text-(--tool-header)">{title}</h1>
      <p className="max-w-sm text-sm leading-6 text-(--tool-subheader)">
        This page does not exist or is not available. Check the link, or see what {appName} offers.
      </p>
      <a
        href={toolAppHomeUrl(base)}
        className="mt-2 inline-flex h-11 items-center rounded-lg bg-(--tool-button-bg) px-5 text-sm font-semibold text-(--tool-button-text)"
      >
        Go to {appName}
      </a>
    </div>
  );
}
