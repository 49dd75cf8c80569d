import { GENERATED_APP_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { ctaDisplay, ctaFieldError, ctaLinkStatus } from "./cta-model.ts";

describe("call to action", () => {
  it("validates the link live with the contract's message", () => {
    expect(ctaLinkStatus("")).toEqual({ state: "empty" });
    expect(ctaLinkStatus("example.com")).toEqual({
      state: "invalid",
      message: GENERATED_APP_MESSAGES.ctaLinkInvalid,
    });
    expect(ctaLinkStatus("javascript:alert(1)")).toEqual({
      state: "invalid",
      message: GENERATED_APP_MESSAGES.ctaLinkInvalid,
    });
    expect(ctaLinkStatus("https://shop.example.com/offer?x=1")).toEqual({
      state: "valid",
      host: "shop.example.com",
      message: "Valid URL: the button opens shop.example.com in a new tab",
    });
  });

  it("gives the length messages of the message and button", () => {
    expect(ctaFieldError("ctaButton", "Book a call")).toBeNull();
    expect(ctaFieldError("ctaButton", "b".repeat(41))).toBe(
      "Call to action button can be at most 40 characters",
    );
    expect(ctaFieldError("ctaMessage", "m".repeat(501))).toBe(
      "Call to action message can be at most 500 characters",
    );
  });

  it("shows the button only with a label and a valid link", () => {
    const empty = { ctaMessage: "", ctaButton: "", ctaLink: "" };
    expect(ctaDisplay(empty)).toEqual({ visible: false, message: "", button: null, hints: [] });
    expect(ctaDisplay({ ...empty, ctaMessage: " Want more? " })).toEqual({
      visible: true,
      message: "Want more?",
      button: null,
      hints: [],
    });
    expect(ctaDisplay({ ...empty, ctaButton: "Book", ctaLink: "nope" })).toEqual({
      visible: false,
      message: "",
      button: null,
      hints: ["The button shows once it has a valid link."],
    });
    expect(ctaDisplay({ ...empty, ctaLink: "https://a.example" }).hints).toEqual([
      "Add a button text to show the button.",
    ]);
    expect(ctaDisplay({ ctaMessage: "", ctaButton: "Book", ctaLink: "https://a.example" })).toEqual({
      visible: true,
      message: "",
      button: { label: "Book", href: "https://a.example" },
      hints: [],
    });
  });
});
