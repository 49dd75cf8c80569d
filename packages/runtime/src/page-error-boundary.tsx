import type { AppRuntimeError } from "@liftoff/domain";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { toAppError } from "./app-error.ts";

type Props = { children: ReactNode; onError: (error: AppRuntimeError) => void; label: string };
type State = { error: Error | null };

/**
 * Catches a render error in one page (or the layout) so the rest of the app keeps working,
 * reports it as an App error with the component it came from, and shows a calm notice.
 * It is keyed by page, so moving to another page starts clean.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(toAppError(error, "render", { componentStack: info.componentStack ?? null }));
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto my-10 max-w-lg rounded-xl border border-destructive-border bg-destructive-subtle px-5 py-4 text-sm text-destructive-text"
      >
        <p className="font-medium">This {this.props.label} could not be shown</p>
        <p className="mt-1 break-words opacity-90">{error.message || "Unknown error"}</p>
      </div>
    );
  }
}
