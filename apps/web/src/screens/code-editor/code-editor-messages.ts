/** Code editor messages (spec section 8) and the stale-draft notice. */
export const SAVE_FILE_FAILED = "Failed to save file";
export const DELETE_FILE_FAILED = "Failed to delete file";
export const LOAD_CODE_FAILED = "Could not load code. Please try again.";
export const STALE_DRAFT_MESSAGE =
  "This app was changed somewhere else since you opened the editor, so your last change was not saved. Reload to get the latest code.";
