import Markdown, { type Components } from "react-markdown";

/**
 * Markdown a model wrote, for an end user. react-markdown builds React elements (it never
 * injects HTML) and `skipHtml` drops raw HTML outright; its URL filter drops unsafe link
 * protocols. Links leave the page without handing it over (noopener noreferrer) and without
 * the app vouching for them (nofollow).
 */
const COMPONENTS: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 first:mt-0 last:mb-0" {...props} />,
  a: ({ node: _node, ...props }) => (
    <a
      {...props}
      className="font-medium text-primary underline underline-offset-2"
      target="_blank"
      rel="noopener noreferrer nofollow"
    />
  ),
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  h1: ({ node: _node, ...props }) => (
    <h3 className="mt-3 mb-1.5 text-base font-semibold first:mt-0" {...props} />
  ),
  h2: ({ node: _node, ...props }) => (
    <h3 className="mt-3 mb-1.5 text-base font-semibold first:mt-0" {...props} />
  ),
  h3: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 text-sm font-semibold first:mt-0" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 text-sm font-semibold first:mt-0" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-2 border-l-2 border-border pl-3 text-muted-foreground" {...props} />
  ),
  hr: () => <hr className="my-3 border-border" />,
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-2 overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-5 [&_code]:bg-transparent [&_code]:p-0"
      {...props}
    />
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]" {...props} />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table className="w-full text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-border px-2 py-1 font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-border px-2 py-1 align-top" {...props} />,
  // Images in a model's Markdown would load addresses it invented: their alt text shows instead.
  img: ({ alt }) => (alt ? <span className="text-muted-foreground">{alt}</span> : null),
};

export function MarkdownBlock({ text }: { text: string }) {
  return (
    <div className="min-w-0 break-words">
      <Markdown components={COMPONENTS} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
