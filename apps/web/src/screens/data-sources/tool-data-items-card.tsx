import type { Tool } from "@liftoff/domain";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  SegmentedControl,
} from "@liftoff/ui";
import { useId } from "react";
import type { ContextItemsState } from "./context-items-reducer.ts";
import { dataItemsMode, switchDataItemsMode, toggleDataItem } from "./tool-data-items.ts";

/**
 * Which of the app's data sources this tool answers from: all of them (the default), or
 * the ones the builder ticks. Saved with the tool (its data items) by the builder's
 * auto-save, like any other change of the tool.
 */
export function ToolDataItemsCard({
  state,
  tool,
  onToolChange,
}: {
  /** The app's items, live (the panel's stream). */
  state: ContextItemsState;
  tool: Tool;
  onToolChange: (next: Tool) => void;
}) {
  const headingId = useId();
  const mode = dataItemsMode(tool.dataItems);
  const chosen = new Set(tool.dataItems.map((item) => item.contextItemId));
  return (
    <Card data-testid="tool-data-items">
      <CardHeader>
        <CardTitle id={headingId}>Used by this tool</CardTitle>
        <CardDescription>
          The passages of these sources that match an end user's answers are given to the AI with each run.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SegmentedControl
          ariaLabel="Data sources this tool reads"
          options={[
            { value: "all", label: "All data sources" },
            { value: "chosen", label: "Only the ones I choose" },
          ]}
          value={mode}
          onChange={(next) => onToolChange({ ...tool, dataItems: switchDataItemsMode(next, state.items) })}
        />
        {mode === "chosen" ? (
          state.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Add a data source first.</p>
          ) : (
            <ul className="grid gap-1.5">
              {state.items.map((item) => {
                const id = `${headingId}-${item.id}`;
                return (
                  <li key={item.id} className="flex min-w-0 items-center gap-2.5">
                    <Checkbox
                      id={id}
                      checked={chosen.has(item.id)}
                      onCheckedChange={(checked) =>
                        onToolChange({
                          ...tool,
                          dataItems: toggleDataItem(tool.dataItems, item, checked === true),
                        })
                      }
                    />
                    <label htmlFor={id} className="min-w-0 truncate text-sm">
                      {item.name}
                    </label>
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
        {mode === "chosen" &&
        tool.dataItems.some((entry) => !state.items.some((item) => item.id === entry.contextItemId)) &&
        state.status === "ready" ? (
          <p className="text-xs text-muted-foreground">
            Some chosen sources were deleted; the tool reads the ones still here.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
