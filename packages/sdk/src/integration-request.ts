import { isPlainObject } from "./is-plain-object.ts";
import { SdkError } from "./sdk-error.ts";

export const NAMED_PARAMETERS_MESSAGE =
  'Integration calls take an object of named parameters, for example { prompt: "…" }';

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

/**
 * The body of one integration call: JSON, or multipart as soon as a parameter is a File
 * or Blob (spec section 5: "Files go as multipart"). In multipart, files keep their
 * name, strings go as they are, and other values go as JSON text, so the server can
 * read every part back to the value the app passed; null and undefined are left out.
 */
export function integrationRequest(params: unknown): { json: Record<string, unknown> } | { form: FormData } {
  // A bare string is the typical slip (InvokeLLM("Summarize …")); refusing it with the
  // right shape teaches the fix, where sending it would fail somewhere less clear.
  if (!isPlainObject(params))
    throw new SdkError({ status: 400, code: "INVALID_ARGUMENT", message: NAMED_PARAMETERS_MESSAGE });
  const entries = Object.entries(params);
  if (!entries.some(([, value]) => isBlob(value))) return { json: params };
  const form = new FormData();
  for (const [key, value] of entries) {
    if (value === undefined || value === null) continue;
    if (isBlob(value)) form.append(key, value, (value as File).name || key);
    else form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return { form };
}
