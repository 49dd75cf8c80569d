import { Button, Input } from "@liftoff/ui";
import { SendIcon, SparklesIcon } from "lucide-react";
import { useId, useState } from "react";

/** spec section 9: the prompt of 'Interactive Followups'. */
export const CREATIVE_SUGGESTIONS_TITLE = "Creative suggestions";

/** 'Interactive Followups': the run's suggested follow-ups as buttons, and a box for the end user's own. */
export function CreativeSuggestions({
  suggestions,
  onFollowup,
  disabled,
}: {
  suggestions: readonly string[];
  onFollowup: (prompt: string) => void;
  disabled?: boolean;
}) {
  const [prompt, setPrompt] = useState("");
  const headingId = useId();
  const inputId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 print:hidden">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
        {CREATIVE_SUGGESTIONS_TITLE}
      </h3>
      {suggestions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {suggestions.map((suggestion) => (
            <Button
              key={suggestion}
              variant="outline"
              size="sm"
              className="h-auto max-w-full py-1.5 text-left whitespace-normal"
              disabled={disabled}
              onClick={() => onFollowup(suggestion)}
            >
              {suggestion}
            </Button>
          ))}
        </div>
      ) : null}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (prompt.trim() === "") return;
          onFollowup(prompt.trim());
          setPrompt("");
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Ask a follow-up
        </label>
        <Input
          id={inputId}
          className="min-w-0 flex-1"
          placeholder="Ask a follow-up…"
          value={prompt}
          maxLength={1000}
          onChange={(event) => setPrompt(event.target.value)}
          disabled={disabled}
        />
        <Button type="submit" disabled={disabled || prompt.trim() === ""}>
          <SendIcon aria-hidden="true" />
          <span className="max-[400px]:sr-only">Send</span>
        </Button>
      </form>
    </section>
  );
}
