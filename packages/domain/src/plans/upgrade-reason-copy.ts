import type { PlanId } from "./plan-ids.ts";
import type { UpgradeReason } from "./upgrade-reasons.ts";

/**
 * What the upgrade dialog says for each reason, and the lowest plan that lifts the limit
 * for a free account. `minPlan` must agree with PLAN_LIMITS: the tests check it against
 * `upgradeTargetPlan({ reason, plan: "lite" })`, so changing the table without the copy
 * (or the reverse) fails the build. For an account already above lite, ask
 * `upgradeTargetPlan` with its plan: the next step up may be higher than `minPlan`.
 *
 * The copy names no paid plan and no limit value, so it stays true whatever the table
 * says; the dialog shows the suggested plan's card beside it. The one exception is the
 * free plan's single data source, which the spec itself fixes (section 5).
 */
export type UpgradeReasonCopy = {
  title: string;
  description: string;
  minPlan: PlanId;
};

export const UPGRADE_REASON_COPY: Readonly<Record<UpgradeReason, Readonly<UpgradeReasonCopy>>> =
  Object.freeze({
    default: {
      title: "Upgrade your plan",
      description:
        "Build more apps, serve more users and add more AI tools. Pick the plan that fits where your apps are going.",
      minPlan: "explorer",
    },
    app_runs_limit: {
      title: "Your apps have used this month's runs",
      description:
        "Your users have run your apps as many times as your plan allows this month. Upgrade so they can keep getting answers without waiting for next month.",
      minPlan: "explorer",
    },
    new_tool_generations_limit: {
      title: "You've used this month's tool generations",
      description:
        "Upgrade to keep generating new AI tools now instead of waiting for your monthly allowance to reset.",
      minPlan: "explorer",
    },
    activated_tools_per_app_limit: {
      title: "Put more tools live",
      description:
        "This app already has as many live tools as your plan allows. Upgrade to run more tools side by side, or put another tool in draft mode.",
      minPlan: "explorer",
    },
    embed_app: {
      title: "Embed your app on your website",
      description:
        "Paste one snippet and your app runs inside your own site, where your visitors already are. Upgrade to unlock embedding.",
      minPlan: "explorer",
    },
    custom_domain: {
      title: "Use your own domain",
      description: "Serve your app from a domain you own so customers see your brand in the address bar.",
      minPlan: "business",
    },
    data_processing_limit: {
      title: "The monthly data processing limit has been reached",
      description:
        "Upgrade to keep adding documents, spreadsheets and web pages, and to keep your data sources in sync this month.",
      minPlan: "explorer",
    },
    free_data_items_limit: {
      title: "Give your app more to know",
      description:
        "The free plan holds one data source. Upgrade to add files, web pages and cloud documents so your app answers with your whole business context.",
      minPlan: "explorer",
    },
    publish: {
      title: "Publish more apps",
      description:
        "You have as many published apps as your plan allows. Upgrade to put this one live too, or unpublish another app first.",
      minPlan: "explorer",
    },
    watermark: {
      title: "Remove the watermark",
      description:
        "Upgrade to hide the watermark and give your users an experience that carries only your brand.",
      minPlan: "builder",
    },
    max_space_apps: {
      title: "Create more space apps",
      description:
        "You've reached the number of space apps your plan includes. Upgrade to build more apps with their own pages and data tables.",
      minPlan: "explorer",
    },
    pro_tools_access: {
      title: "Unlock pro tools",
      description:
        "Pro tools are advanced, ready-made AI tools you can add to any app in a click. Upgrade to use them in your apps.",
      minPlan: "builder",
    },
    payment_system: {
      title: "Get paid for your apps",
      description:
        "Sell memberships to your app through your own payment provider account and keep building a business, not just an app.",
      minPlan: "moon",
    },
    max_apps: {
      title: "Create more apps",
      description:
        "You've reached the number of apps your plan includes. Upgrade to keep building, or delete an app you no longer need.",
      minPlan: "explorer",
    },
    max_gen_apps: {
      title: "Generate more apps",
      description:
        "You've reached the number of AI-generated apps your plan includes. Upgrade to have the assistant build your next one.",
      minPlan: "explorer",
    },
  });
