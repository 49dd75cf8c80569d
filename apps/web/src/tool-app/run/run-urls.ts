/** The end-user run routes of an app's tool (apps/server live_api runs routes). */
export function runStartUrl(appId: string, toolId: string): string {
  return `/live_api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}/runs`;
}

/** The stream of a run in progress or finished (snapshot first), to re-attach after a drop or reload. */
export function runEventsUrl(appId: string, runId: string): string {
  return `/live_api/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(runId)}/events`;
}
