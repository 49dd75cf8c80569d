import { Badge, Button, cn } from "@liftoff/ui";
import {
  ArrowRightIcon,
  CheckIcon,
  type LucideIcon,
  MessageSquareIcon,
  PaletteIcon,
  SendIcon,
  ServerIcon,
  ShieldCheckIcon,
  SlidersHorizontalIcon,
} from "lucide-react";
import { Link } from "react-router";
import { APP_KIND_INFO } from "../../lib/app-kinds.ts";
import { useSession } from "../../lib/session.tsx";

const SIGNUP = "/login?mode=signup";

const KIND_POINTS: Record<string, string[]> = {
  generated: ["Several tools under one roof", "Built and changed through chat", "Toggle tools live or draft"],
  space: ["Pages, components and code", "Data tables with permissions", "CSV import and a data grid"],
  tool: ["Custom input fields", "Business data as context", "A call to action after results"],
};

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MessageSquareIcon,
    title: "Describe it",
    text: "Tell the builder assistant what your app should do. It drafts the app for you to review.",
  },
  {
    icon: SlidersHorizontalIcon,
    title: "Shape it",
    text: "Edit texts and branding, add custom fields and plug in your own data: files, notes and web pages.",
  },
  {
    icon: SendIcon,
    title: "Publish and share",
    text: "Put it live, share it on social platforms, and let users sign up or pay for memberships.",
  },
];

const SELF_HOSTED = [
  "Runs on your own server and database",
  "Your users' data stays on your infrastructure",
  "You decide the plans and who gets them",
];

function PrimaryCta({ size = "lg" }: { size?: "lg" | "default" }) {
  const { status } = useSession();
  if (status === "signedIn") {
    return (
      <Button size={size} asChild>
        <Link to="/apps" data-testid="landing-cta">
          Go to your apps
          <ArrowRightIcon />
        </Link>
      </Button>
    );
  }
  return (
    <Button size={size} asChild>
      <Link to={SIGNUP} data-testid="landing-cta">
        Start building free
        <ArrowRightIcon />
      </Link>
    </Button>
  );
}

/** A purely decorative sketch of a published app, drawn with the kit's surfaces. */
function HeroIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-brand-100/40 to-sky-100/60 blur-2xl" />
      <div className="rounded-2xl border border-border bg-card p-5 shadow-xl">
        <div className="flex items-center gap-2 border-b border-border pb-4">
          <span className="size-2.5 rounded-full bg-neutral-200" />
          <span className="size-2.5 rounded-full bg-neutral-200" />
          <span className="size-2.5 rounded-full bg-neutral-200" />
          <span className="ml-3 h-5 flex-1 rounded-md bg-muted" />
        </div>
        <div className="mt-5 grid gap-3">
          <div className="h-5 w-2/3 rounded-md bg-neutral-800/90" />
          <div className="h-3 w-5/6 rounded bg-neutral-200" />
          <div className="mt-2 grid gap-2 rounded-xl border border-border p-3">
            <div className="h-3 w-1/3 rounded bg-neutral-300" />
            <div className="h-9 rounded-md border border-input bg-background" />
            <div className="h-9 w-28 rounded-md bg-primary" />
          </div>
          <div className="grid gap-2 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
            <div className="h-3 w-11/12 rounded bg-brand-200" />
            <div className="h-3 w-4/5 rounded bg-brand-200" />
            <div className="h-3 w-3/5 rounded bg-brand-200" />
          </div>
        </div>
      </div>
      <div className="absolute -right-4 -bottom-5 hidden items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 shadow-lg sm:flex">
        <span className="flex size-7 items-center justify-center rounded-full bg-success-subtle text-success-text">
          <CheckIcon className="size-4" />
        </span>
        <span className="text-13 font-medium">Published</span>
      </div>
    </div>
  );
}

/** /: the product landing page. */
export function LandingPage() {
  return (
    <div className="flex flex-col">
      <section className="relative overflow-hidden">
        <div className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50/80 to-transparent" />
        <div className="mx-auto grid grid-cols-1 w-full max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:px-8 lg:pb-24">
          <div className="flex flex-col items-start gap-6">
            <Badge variant="default" className="px-3 py-1 text-13">
              Self-hostable AI app builder
            </Badge>
            <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              Build AI-powered apps and put them live in minutes
            </h1>
            <p className="max-w-xl text-lg leading-8 text-muted-foreground">
              Liftoff turns an idea into a published app: describe it to the builder assistant, shape it with
              your texts, branding and business data, then share it with the people who need it.
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <PrimaryCta />
              <Button size="lg" variant="outline" asChild>
                <Link to="/pricing">See pricing</Link>
              </Button>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section aria-labelledby="kinds" className="border-t border-border bg-neutral-25 py-16 sm:py-20">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="kinds" className="text-3xl font-semibold tracking-tight">
              Three kinds of apps
            </h2>
            <p className="mt-3 text-muted-foreground">
              Pick the shape that fits the job. You can build all three.
            </p>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {APP_KIND_INFO.map((kind) => {
              const Icon = kind.icon;
              return (
                <li
                  key={kind.kind}
                  className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card"
                >
                  <span
                    className={cn("flex size-11 items-center justify-center rounded-xl ring-1", kind.tint)}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <div className="grid gap-1.5">
                    <h3 className="text-lg font-semibold tracking-tight">{kind.label}</h3>
                    <p className="text-sm text-muted-foreground">{kind.description}</p>
                  </div>
                  <ul className="mt-auto grid gap-2 text-sm">
                    {(KIND_POINTS[kind.kind] ?? []).map((point) => (
                      <li key={point} className="flex items-start gap-2">
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                        {point}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how" className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="how" className="text-3xl font-semibold tracking-tight">
              How it works
            </h2>
            <p className="mt-3 text-muted-foreground">From idea to a live app in three steps.</p>
          </div>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => {
              const Icon = step.icon;
              return (
                <li
                  key={step.title}
                  className="relative flex flex-col gap-3 rounded-xl border border-border p-6"
                >
                  <div className="flex items-center gap-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                      {index + 1}
                    </span>
                    <Icon className="size-5 text-muted-foreground" aria-hidden />
                  </div>
                  <h3 className="text-lg font-semibold tracking-tight">{step.title}</h3>
                  <p className="text-sm leading-6 text-muted-foreground">{step.text}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section aria-labelledby="own" className="border-t border-border bg-neutral-25 py-16 sm:py-20">
        <div className="mx-auto grid grid-cols-1 w-full max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="own" className="text-3xl font-semibold tracking-tight">
              Yours to run
            </h2>
            <p className="mt-3 text-muted-foreground">
              Liftoff is self-hostable. Run the whole platform on your own infrastructure and offer it to your
              team, your clients or the world.
            </p>
          </div>
          <ul className="grid gap-3">
            {SELF_HOSTED.map((point, index) => {
              const Icon = [ServerIcon, ShieldCheckIcon, PaletteIcon][index] ?? CheckIcon;
              return (
                <li
                  key={point}
                  className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-[18px]" aria-hidden />
                  </span>
                  <span className="text-sm font-medium">{point}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="py-16 sm:py-20">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col items-center gap-5 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 className="text-3xl font-semibold tracking-tight text-balance">Ready for liftoff?</h2>
            <p className="max-w-xl text-brand-100">
              Create a free account and build your first AI app today.
            </p>
            <PrimaryCtaOnBrand />
          </div>
        </div>
      </section>
    </div>
  );
}

function PrimaryCtaOnBrand() {
  const { status } = useSession();
  const signedIn = status === "signedIn";
  return (
    <Button size="lg" variant="secondary" asChild className="bg-white text-brand-800 hover:bg-brand-50">
      <Link to={signedIn ? "/apps" : SIGNUP} data-testid="landing-cta-bottom">
        {signedIn ? "Go to your apps" : "Create a free account"}
        <ArrowRightIcon />
      </Link>
    </Button>
  );
}
