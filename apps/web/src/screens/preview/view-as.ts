/** Whom the builder's preview shows the app to (issue 13, "View as"). */
export type ViewAs =
  | { kind: "builder" }
  | { kind: "anonymous" }
  | { kind: "user"; userId: string; email: string };

export const VIEW_AS_BUILDER: ViewAs = { kind: "builder" };

/** A stable key per identity: the preview restarts when it changes. */
export function viewAsKey(viewAs: ViewAs): string {
  return viewAs.kind === "user" ? `user:${viewAs.userId}` : viewAs.kind;
}

/** The switch's label. */
export function viewAsLabel(viewAs: ViewAs): string {
  if (viewAs.kind === "builder") return "Builder";
  if (viewAs.kind === "anonymous") return "Anonymous visitor";
  return viewAs.email;
}
