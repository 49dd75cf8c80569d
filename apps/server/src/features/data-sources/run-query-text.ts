import type { RunRequest } from "@liftoff/domain";

/**
 * What a run searches its data sources with: the follow-up prompt when the run continues
 * another, else the main input and the answers that are text (a photo's address or a
 * height in centimetres would only add noise).
 */
export function runQueryText(request: RunRequest, followup?: string | undefined): string {
  if (followup) return followup;
  const parts = [request.input];
  for (const value of Object.values(request.values)) {
    if (typeof value === "string" && !/^https?:\/\//.test(value)) parts.push(value);
    else if (Array.isArray(value)) parts.push(value.filter((entry) => typeof entry === "string").join(" "));
  }
  return parts.join(" ").replace(/\s+/g, " ").trim();
}
