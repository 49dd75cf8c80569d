/**
 * The first version of a space app created without a template: one page, so the preview
 * shows something and Publish works before anyone (or any AI model) has written code.
 *
 * Visitors of a published app see this page too, so it speaks to them (the app's name, a
 * welcome) rather than giving builders instructions. It imports only the kit components
 * generated apps use, has exactly one h1 and no unnamed controls, and compiles with zero
 * diagnostics (create-blank-app.test.ts compiles it). The name is the app's own, read from
 * its settings at run time (appInfo.name), so renaming the app renames the page and no
 * name is ever written into code.
 */
export function starterAppFiles(): Record<string, string> {
  return { "pages/Home.jsx": HOME_PAGE };
}

const HOME_PAGE = `import { Compass, RefreshCw, Rocket, Sparkles } from "lucide-react";
import { appInfo } from "@/api/app";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const HIGHLIGHTS = [
  {
    icon: Sparkles,
    title: "Freshly made",
    text: "Everything here is new and built with care.",
  },
  {
    icon: RefreshCw,
    title: "Growing every week",
    text: "New pages and features arrive as the app grows.",
  },
  {
    icon: Compass,
    title: "Worth a return visit",
    text: "Come back soon to see what has changed.",
  },
];

export default function Home() {
  return (
    <main className="min-h-screen bg-muted/40 text-foreground">
      <section className="mx-auto flex max-w-3xl flex-col items-center px-6 pt-16 pb-12 text-center sm:pt-24">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
          <Rocket className="h-7 w-7" aria-hidden="true" />
        </span>
        <Badge variant="secondary" className="mt-6">
          Just launched
        </Badge>
        <h1 className="mt-4 text-balance text-4xl font-semibold tracking-tight sm:text-5xl">{appInfo.name}</h1>
        <p className="mt-4 max-w-xl text-pretty text-lg text-muted-foreground">
          Welcome! This is the first page of {appInfo.name}. More is on the way.
        </p>
      </section>
      <section aria-label="What to expect" className="mx-auto grid max-w-4xl gap-4 px-6 pb-20 sm:grid-cols-3">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <span className="mb-2 flex h-9 w-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="h-4 w-4" aria-hidden="true" />
              </span>
              <CardTitle as="h2">{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </section>
    </main>
  );
}
`;
