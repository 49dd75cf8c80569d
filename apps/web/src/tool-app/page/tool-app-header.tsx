export type ToolAppHeaderProps = {
  title: string;
  description: string;
  /** The welcome message: a line that greets the end user above the form or the tools. */
  welcome?: string;
};

/** The page's heading: header (h1), description and welcome message, in the app's colours. */
export function ToolAppHeader({ title, description, welcome }: ToolAppHeaderProps) {
  return (
    <header className="flex flex-col items-center gap-3 text-center">
      <h1
        className="text-2xl font-bold leading-tight tracking-tight text-balance text-(--tool-header) sm:text-3xl"
        data-testid="tool-app-title"
      >
        {title}
      </h1>
      {description.trim() ? (
        <p className="max-w-prose text-sm leading-6 whitespace-pre-line text-(--tool-subheader) sm:text-base">
          {description}
        </p>
      ) : null}
      {welcome?.trim() ? (
        <p
          className="max-w-prose rounded-xl border border-(--tool-surface-border) bg-(--tool-surface) px-4 py-2.5 text-sm leading-6 whitespace-pre-line text-(--tool-label)"
          data-testid="tool-welcome"
        >
          {welcome}
        </p>
      ) : null}
    </header>
  );
}
