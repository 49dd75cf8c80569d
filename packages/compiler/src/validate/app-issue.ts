/** One problem a validator found in an app version (spec section 3, Validation result). */
export type AppIssue = {
  detectorId: DetectorId;
  message: string;
  /** The app file, e.g. `pages/Tasks.jsx`; null for app-wide problems. */
  fileId: string | null;
  /** The component the file defines, by its file name (`Tasks`), as the issue panel shows. */
  componentName: string;
  line: number | null;
  severity: "error" | "warning";
  /** For deterministic repairs: the name to import (component or icon). */
  name?: string;
};

/** The detectors validate-repair runs, in the order their results are listed. */
export const DETECTORS = [
  { id: "compile-error", name: "Compile errors" },
  { id: "unresolved-import", name: "Unresolved imports" },
  { id: "unknown-icon", name: "Unknown lucide icons" },
  { id: "missing-default-export", name: "Pages without a default export" },
  { id: "unknown-entity", name: "References to entities that do not exist" },
  { id: "undefined-component", name: "JSX components used but never imported or defined" },
  { id: "unknown-sdk-method", name: "Calls of SDK methods that do not exist" },
  // Warnings of the compile: shown to the builder, never repaired, never block (build-rules).
  { id: "compile-warning", name: "Compile warnings" },
  // Accessibility (issue 14): warnings, so they never keep a version from running or being
  // published; the certain ones are repaired (repair-app-issues.ts).
  { id: "unlabelled-control", name: "Form controls without a label" },
  { id: "image-without-alt", name: "Images without alt text" },
  { id: "click-without-keyboard", name: "Click handlers the keyboard cannot reach" },
  { id: "unnamed-button", name: "Buttons without text or a name" },
  { id: "dialog-without-title", name: "Dialogs without a title" },
] as const;
export type DetectorId = (typeof DETECTORS)[number]["id"];
export type AccessibilityDetectorId = Extract<
  DetectorId,
  | "unlabelled-control"
  | "image-without-alt"
  | "click-without-keyboard"
  | "unnamed-button"
  | "dialog-without-title"
>;
export const ACCESSIBILITY_DETECTORS: readonly AccessibilityDetectorId[] = [
  "unlabelled-control",
  "image-without-alt",
  "click-without-keyboard",
  "unnamed-button",
  "dialog-without-title",
];

/** `pages/Tasks.jsx` → `Tasks`; `layout.jsx` → `Layout`. */
export function componentNameOf(fileId: string | null): string {
  if (!fileId) return "App";
  const base = fileId.split("/").pop() ?? fileId;
  const name = base.replace(/\.[a-z]+$/i, "");
  return name.charAt(0).toUpperCase() + name.slice(1);
}
