import { z } from "zod";
import { GENERATED_APP_MESSAGES, tooLongMessage } from "./generated-app-messages.ts";
import { isHexColor } from "./is-hex-color.ts";
import { isHttpUrl, isImageAddress } from "./is-http-url.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/** A string of at most `max` characters whose message names the field. */
export function boundedText(label: string, max: number) {
  return z.string().max(max, tooLongMessage(label, max));
}

/** An http(s) URL, or "" for none. */
export function optionalUrl(label: string, message: string = GENERATED_APP_MESSAGES.urlInvalid) {
  return boundedText(label, SAVED_APP_TEXT_LIMITS.url).refine(
    (value) => value === "" || isHttpUrl(value),
    message,
  );
}

/** An image address (http(s) URL or a path on this site), or "" for none. */
export function optionalImage(label: string) {
  return boundedText(label, SAVED_APP_TEXT_LIMITS.url).refine(
    (value) => value === "" || isImageAddress(value),
    GENERATED_APP_MESSAGES.urlInvalid,
  );
}

/** A hex colour, or "" for the style's own. */
export function optionalColor() {
  return z.string().refine((value) => value === "" || isHexColor(value), GENERATED_APP_MESSAGES.colorInvalid);
}

/** An id of a tool, step or block: any non-empty text up to the id cap. */
export function itemId(label: string) {
  return boundedText(label, SAVED_APP_TEXT_LIMITS.id).min(1, `${label} cannot be empty`);
}
