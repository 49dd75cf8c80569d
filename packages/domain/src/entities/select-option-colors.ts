/**
 * Background colours of select and multiselect options (spec section 3 "Select options
 * have label and backgroundColor"), given to options in enum order and repeating. Light
 * tints so dark text stays readable on every one of them.
 */
export const SELECT_OPTION_COLORS = [
  "#dbeafe",
  "#dcfce7",
  "#fef9c3",
  "#fce7f3",
  "#ede9fe",
  "#ffedd5",
  "#cffafe",
  "#fee2e2",
  "#e0e7ff",
  "#f3f4f6",
] as const;
