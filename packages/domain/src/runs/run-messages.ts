/**
 * What an end user reads when a run is refused or fails. The spec gives no texts for runs;
 * these are ours (docs/defaults.md), plain and without technical detail: the builder sees
 * the technical reason in the run history, an end user never sees a stack trace or the
 * prompt.
 */
export const RUN_MESSAGES = {
  dailyLimit: (limit: number) =>
    limit === 1
      ? "You have used your one run of this tool for today."
      : `You have used all ${limit} runs of this tool for today.`,
  weeklyLimit: (limit: number) =>
    limit === 1
      ? "You have used your one run of this tool for this week."
      : `You have used all ${limit} runs of this tool for this week.`,
  /** The builder's account has no runs left (appRunsUsed reached appRunsTotal). */
  unavailable: "This tool is unavailable right now. Please try again later.",
  proTool: "This tool is unavailable right now. Please try again later.",
  notFound: "This tool does not exist or is not published.",
  modelError: "The tool could not finish its answer. Please try again.",
  timeout: "The tool took too long to answer. Please try again.",
  noModel: "This tool is unavailable right now. Please try again later.",
  interrupted: "The run was interrupted. Please try again.",
  rateLimited: "Rate limit exceeded. Please try again later.",
  cancelled: "The run was cancelled.",
  runNotFound: "This run does not exist.",
} as const;

/** The builder's view of why their tool is unavailable (upgrade dialog reason 'app runs limit'). */
export const RUN_BUILDER_MESSAGES = {
  appRunsLimit: "Your apps have used all their runs for this plan. Upgrade to keep your tools running.",
  proToolsAccess: "Pro tools need a plan with pro tools access.",
} as const;
