/** Code editor save status (spec section 4): idle, saving, saved (back to idle after 2 s), error. */
export type SaveStatus = "idle" | "saving" | "saved" | "error" | "conflict";

/** Spec section 9: autosave 1 s after the last keystroke; the saved indicator shows 2 s. */
export const CODE_AUTOSAVE_MS = 1000;
export const SAVED_INDICATOR_MS = 2000;

export type SaveEvent = "start" | "success" | "failure" | "conflict" | "settle";

/**
 * Transitions of the save status. `conflict` is the error state of a stale draft (409):
 * it stays until the file is reloaded, and no further save starts from it.
 */
export function nextSaveStatus(status: SaveStatus, event: SaveEvent): SaveStatus {
  switch (event) {
    case "start":
      return status === "conflict" ? "conflict" : "saving";
    case "success":
      return "saved";
    case "failure":
      return "error";
    case "conflict":
      return "conflict";
    case "settle":
      return status === "saved" ? "idle" : status;
  }
}

export const SAVE_STATUS_LABELS: Record<SaveStatus, string> = {
  idle: "All changes saved",
  saving: "Saving…",
  saved: "Saved",
  error: "Failed to save file",
  conflict: "This file changed elsewhere",
};
