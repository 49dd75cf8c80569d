import { GENERATED_APP_MESSAGES } from "@liftoff/domain";

/** The header state of the builder (spec section 2): Saving wins while any save is in flight. */
export type BuilderHeaderState = "published" | "notPublished" | "saving";

export const HEADER_STATE_LABELS: Record<BuilderHeaderState, string> = {
  published: "Published",
  notPublished: "Not published",
  saving: "Saving",
};

export function builderHeaderState(input: { published: boolean; savesInFlight: number }): BuilderHeaderState {
  if (input.savesInFlight > 0) return "saving";
  return input.published ? "published" : "notPublished";
}

export const UNSAVED_CHANGES_MESSAGE = GENERATED_APP_MESSAGES.unsavedChanges;
export const LINK_COPIED_MESSAGE = "Link copied!";

/** Spec section 9: below this width the editor is in its mobile layout (panel full-width + Done). */
export const EDITOR_MOBILE_BREAKPOINT = 1024;

/** The public link of a published app. */
export function publicAppPath(slug: string): string {
  return `/app/${encodeURIComponent(slug)}`;
}
