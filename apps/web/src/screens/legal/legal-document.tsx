import type { ReactNode } from "react";
import { Link } from "react-router";

export type LegalSection = {
  title: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
};

type LegalDocumentProps = {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  footer?: ReactNode;
};

function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");
}

/** A readable legal page: title, intro, a table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections, footer }: LegalDocumentProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-border pb-6">
        <h1 className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        <p className="mt-4 text-base leading-7 text-neutral-700">{intro}</p>
      </header>

      <nav aria-label="Sections" className="mt-6 rounded-lg border border-border bg-muted/40 p-4">
        <p className="text-sm font-medium text-foreground">On this page</p>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#${slugify(section.title)}`}
                className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.title} id={slugify(section.title)} className="scroll-mt-20">
            <h2 className="text-xl font-semibold text-foreground">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-7 text-neutral-700">
                {paragraph}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-neutral-700">
                {section.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>

      <footer className="mt-12 border-t border-border pt-6 text-sm text-muted-foreground">
        {footer}
        <p className="mt-2">
          See also the{" "}
          <Link to="/terms-of-service" className="font-medium text-foreground underline underline-offset-4">
            Terms of Service
          </Link>{" "}
          and the{" "}
          <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </footer>
    </article>
  );
}
