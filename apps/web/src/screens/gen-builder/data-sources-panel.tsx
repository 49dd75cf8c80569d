import { EmptyState } from "@liftoff/ui";
import { LibraryIcon } from "lucide-react";

/**
 * The Data sources entry (spec section 2). Files, text, web pages and connected drives that
 * a tool answers from are the data-sources issue's work; until it lands the panel says so
 * plainly rather than offering controls that would do nothing, and runs answer without
 * extra context.
 */
export function DataSourcesPanel() {
  return (
    <div data-testid="data-sources-panel">
      <EmptyState
        icon={LibraryIcon}
        title="No data sources yet"
        description="Adding files, text and web pages for this tool to answer from is not available in this version. The tool answers from its instructions and the end user's input."
        className="py-12"
      />
    </div>
  );
}
