import { type PublicTool, toolPageUrl } from "@liftoff/domain";
import { ArrowRightIcon, WrenchIcon } from "lucide-react";
import { previewImageUrl } from "../../lib/tool-app-theme.ts";

/** A tool on a generated app's home: image, title and description, linking to its page. */
export function ToolCard({ tool, base }: { tool: PublicTool; base: string }) {
  const image = previewImageUrl(tool.imageUrl);
  return (
    <a
      href={toolPageUrl(base, tool.path)}
      className="group flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-(--tool-surface-border) bg-(--tool-surface) shadow-sm transition-shadow hover:shadow-md"
      data-testid="tool-card"
      data-path={tool.path}
    >
      {image ? (
        <img
          src={image}
          alt=""
          referrerPolicy="no-referrer"
          className="aspect-[2/1] w-full object-cover sm:aspect-[16/9]"
        />
      ) : (
        <span
          className="flex aspect-[2/1] w-full sm:aspect-[16/9] items-center justify-center bg-(--tool-input-bg) text-(--tool-muted)"
          aria-hidden
        >
          <WrenchIcon className="size-8" />
        </span>
      )}
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="flex items-center justify-between gap-2">
          <span className="min-w-0 truncate text-base font-semibold text-(--tool-header)">{tool.title}</span>
          {tool.isProTool ? (
            <span className="shrink-0 rounded-full border border-(--tool-input-border) px-2 py-0.5 text-[11px] font-medium text-(--tool-label)">
              Pro
            </span>
          ) : null}
        </span>
        {tool.description ? (
          <span className="line-clamp-3 text-sm leading-5 text-(--tool-subheader)">{tool.description}</span>
        ) : null}
        <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-(--tool-label)">
          Open{" "}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </span>
      </span>
    </a>
  );
}
