import { type AppStyle, DEFAULT_APP_STYLE, STYLE_NAMES } from "./app-style.ts";
import { firstOf, looseBoolean, looseColor, looseEnum, looseImage, looseRecord } from "./loose-read.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/** A style of any builder version as v4 reads it; unreadable parts fall back to the defaults. */
export function upgradeAppStyle(raw: unknown): AppStyle {
  const record = looseRecord(raw);
  const background = firstOf(record, "background", "backgroundColor");
  // Old styles put an image address in background; v4 keeps images in backgroundImage.
  const imageInBackground =
    looseColor(background) === "" ? looseImage(background, SAVED_APP_TEXT_LIMITS.url) : "";
  return {
    styleName: looseEnum(firstOf(record, "styleName", "theme"), STYLE_NAMES, DEFAULT_APP_STYLE.styleName),
    background: looseColor(background),
    backgroundImage: looseImage(record.backgroundImage, SAVED_APP_TEXT_LIMITS.url) || imageInBackground,
    logoUrl: looseImage(firstOf(record, "logoUrl", "logo"), SAVED_APP_TEXT_LIMITS.url),
    headerTextColor: looseColor(record.headerTextColor),
    subheaderTextColor: looseColor(record.subheaderTextColor),
    buttonTextColor: looseColor(record.buttonTextColor),
    buttonBackgroundColor: looseColor(record.buttonBackgroundColor),
    isWatermarkHidden: looseBoolean(firstOf(record, "isWatermarkHidden", "hideWatermark", "removeWatermark")),
  };
}
