import { Card, cn } from "@liftoff/ui";
import { BlocksIcon, RocketIcon, SparklesIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { Logo, LogoMark } from "./logo.tsx";
import { SkipLink } from "./skip-link.tsx";

const POINTS = [
  {
    icon: SparklesIcon,
    title: "Describe it, get an app",
    text: "Chat with the builder and watch your AI app take shape.",
  },
  {
    icon: BlocksIcon,
    title: "Tools, data and branding",
    text: "Add your own data sources, fields and look in minutes.",
  },
  {
    icon: RocketIcon,
    title: "Publish and earn",
    text: "Share a link, let users sign up and offer paid memberships.",
  },
] as const;

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-brand-950 text-white lg:flex lg:flex-col">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(120%_80%_at_0%_0%,oklch(0.5_0.22_281/0.75),transparent_60%),radial-gradient(90%_70%_at_100%_100%,oklch(0.55_0.2_300/0.5),transparent_60%)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 opacity-[0.12] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:40px_40px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]"
      />
      <div className="relative flex flex-1 flex-col justify-between p-10 xl:p-14">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-2 rounded-md text-[15px] font-semibold tracking-tight focus-ring-inverse"
        >
          <LogoMark className="ring-1 ring-white/20 rounded-lg" />
          Liftoff
        </Link>
        <div className="max-w-md">
          <h2 className="text-4xl font-semibold tracking-tight text-balance">
            Build AI apps your customers love.
          </h2>
          <p className="mt-4 text-base leading-7 text-brand-100/85">
            Liftoff turns an idea into a published, AI-powered app, on your own infrastructure.
          </p>
          <ul className="mt-10 grid gap-6">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon className="size-4.5" aria-hidden />
                </span>
                <span>
                  <span className="block text-sm font-medium">{title}</span>
                  <span className="mt-0.5 block text-sm text-brand-100/75">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-brand-100/60">Self-hostable. Open by design.</p>
      </div>
    </aside>
  );
}

/** Auth pages: a brand panel on wide screens and a centred card column. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-neutral-50 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <SkipLink />
      <BrandPanel />
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center px-4 sm:px-8 lg:hidden">
          <Logo />
        </header>
        <main id="main" className="flex flex-1 items-center justify-center px-4 py-8 sm:px-8 lg:py-12">
          {children ?? <Outlet />}
        </main>
        <footer className="flex items-center justify-center gap-4 px-4 pb-6 text-xs text-muted-foreground">
          <Link
            to="/terms-of-service"
            className="rounded hover:text-foreground hover:underline underline-offset-4"
          >
            Terms of Service
          </Link>
          <span aria-hidden>·</span>
          <Link
            to="/privacy-policy"
            className="rounded hover:text-foreground hover:underline underline-offset-4"
          >
            Privacy Policy
          </Link>
        </footer>
      </div>
    </div>
  );
}

export type AuthCardProps = {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** sm 420 px (forms), md 560 px, lg 720 px (onboarding). */
  width?: "sm" | "md" | "lg";
  className?: string;
  children?: ReactNode;
};

const WIDTHS = { sm: "max-w-[420px]", md: "max-w-[560px]", lg: "max-w-[720px]" } as const;

/** The card every auth screen renders into the layout. */
export function AuthCard({ title, description, icon, width = "sm", className, children }: AuthCardProps) {
  return (
    <Card className={cn("w-full p-6 shadow-md sm:p-8", WIDTHS[width], className)}>
      {icon ? (
        <div className="mb-5 flex size-11 items-center justify-center rounded-xl border border-border bg-background text-primary shadow-xs [&_svg]:size-5">
          {icon}
        </div>
      ) : null}
      {title ? <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1> : null}
      {description ? (
        <div className="mt-1.5 text-sm leading-6 text-muted-foreground">{description}</div>
      ) : null}
      {children ? <div className={cn(title || description ? "mt-6" : undefined)}>{children}</div> : null}
    </Card>
  );
}
