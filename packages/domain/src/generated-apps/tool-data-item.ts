import { z } from "zod";
import { boundedText, itemId, optionalUrl } from "./bounded-text.ts";

/**
 * A data source attached to one tool (spec section 3 "Data item of a tool"). `type` is the
 * context item's type; `originalContextItemId` is the item it was copied from when a
 * template tool was duplicated into this app.
 */
export const toolDataItemSchema = z.object({
  contextItemId: itemId("Data item id"),
  originalContextItemId: itemId("Original data item id").nullable(),
  type: boundedText("Data item type", 40),
  templateFileUrl: optionalUrl("Template file URL"),
  instructionsUrl: optionalUrl("Instructions URL"),
});
export type ToolDataItem = z.infer<typeof toolDataItemSchema>;
