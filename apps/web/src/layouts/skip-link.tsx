/**
 * "Skip to content", the first Tab stop of every frame: keyboard and screen reader users
 * jump past the header and navigation to the page's <main id="main"> (WCAG 2.4.1). Hidden
 * until focused, then shown over the header's top-left corner.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md border border-border bg-background text-sm font-medium text-foreground shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}
