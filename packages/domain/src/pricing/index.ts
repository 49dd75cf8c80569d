export * from "./format-compact-number.ts";
export * from "./format-dollars.ts";
export * from "./yearly-monthly-price.ts";
export * from "./yearly-savings-percent.ts";
