import { Button, type ButtonProps } from "@liftoff/ui";
import { CheckIcon, CopyIcon } from "lucide-react";
import { useCopyFeedback } from "./use-copy-feedback.ts";

/** Ours: what a copy button says when the browser refuses the clipboard. */
export const COPY_FAILED_LABEL = "Copy blocked: select and copy by hand";

/** A button that copies `text` and then shows `copiedLabel` ('Link copied!', 'Post copied!'). */
export function CopyButton({
  text,
  label,
  copiedLabel,
  ...props
}: Omit<ButtonProps, "onClick" | "children"> & { text: string; label: string; copiedLabel: string }) {
  const { copied, failed, copy } = useCopyFeedback();
  return (
    <Button variant="outline" size="sm" {...props} onClick={() => void copy(text)}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : failed ? COPY_FAILED_LABEL : label}</span>
    </Button>
  );
}
