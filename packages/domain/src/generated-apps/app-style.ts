import { z } from "zod";
import { optionalColor, optionalImage } from "./bounded-text.ts";

/** The three looks of spec section 3 "Style". */
export const STYLE_NAMES = ["dark", "colorful", "light"] as const;
export const styleNameSchema = z.enum(STYLE_NAMES);
export type StyleName = z.infer<typeof styleNameSchema>;

/**
 * The branding of a generated app or single tool. Colours are hex, "" meaning the style's
 * own; `background` is a colour and `backgroundImage` an image drawn over it.
 * `isWatermarkHidden` hides the platform watermark where the plan allows it (spec
 * section 6; see canHideWatermark).
 */
export const appStyleSchema = z.object({
  styleName: styleNameSchema,
  background: optionalColor(),
  backgroundImage: optionalImage("Background image"),
  logoUrl: optionalImage("Logo"),
  headerTextColor: optionalColor(),
  subheaderTextColor: optionalColor(),
  buttonTextColor: optionalColor(),
  buttonBackgroundColor: optionalColor(),
  isWatermarkHidden: z.boolean(),
});
export type AppStyle = z.infer<typeof appStyleSchema>;

export const DEFAULT_APP_STYLE: Readonly<AppStyle> = Object.freeze({
  styleName: "light",
  background: "",
  backgroundImage: "",
  logoUrl: "",
  headerTextColor: "",
  subheaderTextColor: "",
  buttonTextColor: "",
  buttonBackgroundColor: "",
  isWatermarkHidden: false,
});

/** POST /api/apps/{id}/style: the whole style. */
export const updateAppStyleBodySchema = z.object({ appStyle: appStyleSchema });
export type UpdateAppStyleBody = z.infer<typeof updateAppStyleBodySchema>;
