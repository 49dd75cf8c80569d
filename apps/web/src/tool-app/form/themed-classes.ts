/**
 * The tool page's control classes, painted with the app's colours (CSS variables set by
 * page/tool-app-theme-style.ts). Plain elements rather than the kit's: the kit paints with
 * the platform's tokens, and an end user's page wears the builder's style instead.
 */
export const CONTROL =
  "w-full min-w-0 rounded-lg border border-(--tool-input-border) bg-(--tool-input-bg) px-3 text-base text-(--tool-input-text) placeholder:text-(--tool-muted) placeholder:opacity-80 focus-ring-tight aria-invalid:border-(--tool-error) sm:text-sm";

export const TEXT_INPUT = `${CONTROL} h-11`;
export const TEXT_AREA = `${CONTROL} min-h-24 resize-y py-2.5 leading-6`;

/** An option chip (select, multiselect, unit toggle); checked ones take the button's colours. */
export const CHIP =
  "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-(--tool-input-border) bg-(--tool-input-bg) px-3.5 py-1.5 text-sm text-(--tool-input-text) transition-colors has-checked:border-(--tool-button-bg) has-checked:bg-(--tool-button-bg) has-checked:text-(--tool-button-text) has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring-color)";

export const PRIMARY_BUTTON =
  "inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-(--tool-button-bg) px-5 text-sm font-semibold text-(--tool-button-text) transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";

export const SECONDARY_BUTTON =
  "inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-(--tool-input-border) bg-(--tool-input-bg) px-4 text-sm font-medium text-(--tool-label) transition-opacity hover:opacity-90";

export const LABEL = "text-sm font-medium text-(--tool-label)";
