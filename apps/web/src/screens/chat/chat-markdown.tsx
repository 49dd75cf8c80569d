import { CHAT_MARKDOWN_MAX_WIDTH_PX } from "@liftoff/domain";
import { cn } from "@liftoff/ui";
import { memo } from "react";
import Markdown, { type Components } from "react-markdown";

/**
 * Markdown of the assistant's prose. No raw HTML (react-markdown escapes it) and unsafe
 * link protocols are dropped by its URL filter, since the text comes from a model.
 */
const COMPONENTS: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  a: ({ node: _node, ...props }) => (
    <a
      className="font-medium text-primary underline underline-offset-2"
      target="_blank"
      rel="noreferrer"
      {...props}
    />
  ),
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  li: ({ node: _node, ...props }) => <li className="pl-0.5 marker:text-muted-foreground" {...props} />,
  h1: ({ node: _node, ...props }) => <h3 className="mt-3 mb-1.5 text-[15px] font-semibold" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-3 mb-1.5 text-[15px] font-semibold" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 text-sm font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 text-sm font-semibold" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-2 border-l-2 border-border pl-3 text-muted-foreground" {...props} />
  ),
  hr: () => <hr className="my-3 border-border" />,
  pre: ({ node: _node, className, ...props }) => (
    <pre
      className={cn(
        "my-2 max-h-80 overflow-auto rounded-lg bg-neutral-900 px-3 py-2.5 font-mono text-xs leading-5 text-neutral-100",
        "[&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit",
        className,
      )}
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn("rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.85em] text-neutral-800", className)}
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table className="w-full text-left text-xs" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-border px-2 py-1 font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-border px-2 py-1" {...props} />,
};

/** The chat's markdown column, at most CHAT_MARKDOWN_MAX_WIDTH_PX wide (spec section 9). */
export const ChatMarkdown = memo(function ChatMarkdown({ text }: { text: string }) {
  return (
    <div
      className="min-w-0 text-sm leading-6 break-words text-foreground"
      style={{ maxWidth: CHAT_MARKDOWN_MAX_WIDTH_PX }}
      data-testid="chat-markdown"
    >
      <Markdown components={COMPONENTS}>{text}</Markdown>
    </div>
  );
});
