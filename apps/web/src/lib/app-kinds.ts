import { APP_KIND_LABELS, APP_KINDS, type AppKind } from "@liftoff/domain";
import { BoxesIcon, type LucideIcon, SparklesIcon, WandSparklesIcon } from "lucide-react";

export type AppKindInfo = {
  kind: AppKind;
  label: string;
  description: string;
  icon: LucideIcon;
  /** Tailwind classes for the icon tile, one calm tint per kind. */
  tint: string;
};

const DETAILS: Record<AppKind, Omit<AppKindInfo, "kind" | "label">> = {
  generated: {
    description: "Several AI tools in one app, built with the chat assistant.",
    icon: SparklesIcon,
    tint: "bg-brand-50 text-brand-700 ring-brand-200",
  },
  space: {
    description: "A full app with generated pages, code and its own data tables.",
    icon: BoxesIcon,
    tint: "bg-sky-50 text-sky-700 ring-sky-200",
  },
  tool: {
    description: "One focused AI tool with custom input fields and a results layout.",
    icon: WandSparklesIcon,
    tint: "bg-amber-50 text-amber-700 ring-amber-200",
  },
};

export const APP_KIND_INFO: readonly AppKindInfo[] = APP_KINDS.map((kind) => ({
  kind,
  label: APP_KIND_LABELS[kind],
  ...DETAILS[kind],
}));

export function appKindInfo(kind: AppKind): AppKindInfo {
  return { kind, label: APP_KIND_LABELS[kind], ...DETAILS[kind] };
}
