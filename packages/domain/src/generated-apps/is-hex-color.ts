/** A CSS hex colour: #RGB, #RRGGBB or with alpha (#RGBA, #RRGGBBAA). */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** Whether `value` is a hex colour; style colours store only these (or "" for the theme's). */
export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}
