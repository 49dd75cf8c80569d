import { cn } from "@liftoff/ui";
import { ImageIcon } from "lucide-react";
import Markdown, { type Components } from "react-markdown";
import type { SampleBlockOutput } from "./sample-block-output.ts";

/**
 * Markdown elements in the preview's small type. react-markdown builds React elements from
 * the parsed text and never injects HTML (raw HTML is skipped below), so even a builder's
 * pasted markup renders as inert text.
 */
const MARKDOWN: Components = {
  h1: ({ node: _node, ...props }) => <h4 className="mt-2 mb-1 text-sm font-semibold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h4 className="mt-2 mb-1 text-sm font-semibold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h5 className="mt-2 mb-1 text-13 font-semibold first:mt-0" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-1.5 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-1.5 list-disc space-y-0.5 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-1.5 list-decimal space-y-0.5 pl-5" {...props} />,
  // A preview is not the place to follow links: their text shows, styled as a link.
  a: ({ children }) => <span className="font-medium text-primary underline">{children}</span>,
  img: () => null,
};

/** A block's sample output as an end user would see it under a run's result. */
export function BlockPreview({ output, className }: { output: SampleBlockOutput; className?: string }) {
  return (
    <div
      className={cn("min-w-0 rounded-lg border border-border bg-background p-3 text-13 leading-5", className)}
      data-testid="block-preview"
      data-kind={output.kind}
    >
      <PreviewBody output={output} />
    </div>
  );
}

function PreviewBody({ output }: { output: SampleBlockOutput }) {
  switch (output.kind) {
    case "markdown":
      return output.text === "" ? (
        <p className="text-muted-foreground">(empty)</p>
      ) : (
        <div className="break-words">
          <Markdown components={MARKDOWN} skipHtml>
            {output.text}
          </Markdown>
        </div>
      );
    case "list":
      return output.items.length === 0 ? (
        <p className="text-muted-foreground">(no items)</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5">
          {output.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="-mx-1 overflow-x-auto">
          <table className="w-full min-w-[18rem] text-left text-xs">
            <thead>
              <tr>
                {output.columns.map((column) => (
                  <th key={column} scope="col" className="border-b border-border px-1.5 py-1 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {output.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex} className="border-b border-border px-1.5 py-1 align-top">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "key_facts":
      return (
        <dl className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
          {output.facts.map((fact) => (
            <div key={fact.label} className="min-w-0 rounded-md bg-muted px-2.5 py-1.5">
              <dt className="truncate text-xs text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      );
    case "image":
      return (
        <figure className="grid gap-1.5">
          <div
            role="img"
            aria-label={output.alt}
            className="flex aspect-video w-full items-center justify-center rounded-md border border-dashed border-neutral-300 bg-muted text-muted-foreground"
          >
            <ImageIcon className="size-8" aria-hidden="true" />
          </div>
          <figcaption className="text-xs text-muted-foreground">{output.caption}</figcaption>
        </figure>
      );
    case "json":
      return (
        <pre className="max-h-60 overflow-auto rounded-md bg-neutral-900 px-3 py-2 font-mono text-xs leading-5 text-neutral-100">
          {JSON.stringify(output.value, null, 2)}
        </pre>
      );
  }
}
