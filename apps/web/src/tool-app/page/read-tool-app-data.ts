import { type PublicToolApp, publicToolAppSchema, TOOL_APP_DATA_ID } from "@liftoff/domain";

/**
 * The published tool app the server put in the page (`<script id="liftoff-tool-app">`), or
 * null when there is none or it does not read as one (the host page then carries on as for
 * any app: it asks the server).
 */
export function readToolAppData(doc: Pick<Document, "getElementById"> = document): PublicToolApp | null {
  const text = doc.getElementById(TOOL_APP_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = publicToolAppSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
