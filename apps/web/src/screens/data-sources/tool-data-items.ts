import type { ContextItem, ToolDataItem } from "@liftoff/domain";

/** A tool reads every data source of its app, or only those it chose (spec: "Data item of a tool"). */
export type ToolDataItemsMode = "all" | "chosen";

export function dataItemsMode(dataItems: readonly ToolDataItem[]): ToolDataItemsMode {
  return dataItems.length > 0 ? "chosen" : "all";
}

/** The tool's data items with `item` added (checked) or removed; other entries kept as they were. */
export function toggleDataItem(
  dataItems: readonly ToolDataItem[],
  item: Pick<ContextItem, "id" | "type">,
  checked: boolean,
): ToolDataItem[] {
  const without = dataItems.filter((entry) => entry.contextItemId !== item.id);
  if (!checked) return without;
  return [
    ...without,
    {
      contextItemId: item.id,
      originalContextItemId: null,
      type: item.type,
      templateFileUrl: "",
      instructionsUrl: "",
    },
  ];
}

/**
 * Switching to "only the ones I choose" starts with every current item chosen (nothing
 * changes for the tool until one is unticked); switching to "all" clears the choice.
 */
export function switchDataItemsMode(
  mode: ToolDataItemsMode,
  items: readonly Pick<ContextItem, "id" | "type">[],
): ToolDataItem[] {
  if (mode === "all") return [];
  return items.reduce<ToolDataItem[]>((chosen, item) => toggleDataItem(chosen, item, true), []);
}
