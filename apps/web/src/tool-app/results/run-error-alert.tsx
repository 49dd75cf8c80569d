import { Alert, Button } from "@liftoff/ui";
import { RotateCcwIcon } from "lucide-react";

/** A run that ended in error, or could not start or be followed: the plain message and, when it helps, Try again. */
export function RunErrorAlert({
  title,
  message,
  onRetry,
  retryLabel = "Try again",
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      className="print:hidden"
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCcwIcon aria-hidden="true" />
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
