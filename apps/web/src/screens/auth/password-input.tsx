import { cn, Input, type InputProps } from "@liftoff/ui";
import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useState } from "react";

/** A password input with a show/hide toggle (a real button, so it is keyboard-usable). */
export function PasswordInput({ className, ...props }: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className={cn("pr-10", className)} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        data-testid={props.id ? `${props.id}-toggle` : undefined}
        className={cn(
          "absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground",
          "transition-colors hover:text-foreground focus-visible:text-foreground",
        )}
      >
        {visible ? <EyeOffIcon className="size-4" aria-hidden /> : <EyeIcon className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
