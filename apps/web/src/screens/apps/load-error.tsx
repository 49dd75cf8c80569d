import { Alert, Button } from "@liftoff/ui";
import { RotateCwIcon } from "lucide-react";
import { errorMessage } from "../../lib/api.ts";

type LoadErrorProps = {
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
};

/** The error state of a screen section: what failed, the server's reason and a retry button. */
export function LoadError({ title, error, onRetry, className }: LoadErrorProps) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon />
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
