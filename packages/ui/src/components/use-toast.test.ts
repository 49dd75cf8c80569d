import { toast as sonnerToast } from "sonner";
import { describe, expect, it } from "vitest";
import { showToast, useToast } from "./use-toast.ts";

function last() {
  const history = sonnerToast.getHistory();
  return history[history.length - 1] as unknown as Record<string, unknown>;
}

describe("showToast", () => {
  it("keeps sonner's own call shapes", () => {
    showToast("Saved");
    expect(last()).toMatchObject({ title: "Saved" });
    showToast.success("Done", { description: "All good" });
    expect(last()).toMatchObject({ title: "Done", type: "success", description: "All good" });
  });

  it("shows shadcn's object form through sonner, with the variant as the type", () => {
    showToast({ title: "Deleted", description: "The task is gone", variant: "destructive" });
    expect(last()).toMatchObject({ title: "Deleted", description: "The task is gone", type: "error" });
    showToast({ title: "Saved" });
    expect(last()).toMatchObject({ title: "Saved" });
    expect(last().type).toBeUndefined();
  });

  it("uses the description as the heading when there is no title", () => {
    showToast({ description: "Only a description" });
    expect(last()).toMatchObject({ title: "Only a description", description: undefined });
  });

  it("is what useToast returns", () => {
    expect(useToast().toast).toBe(showToast);
  });
});
