import { ASSISTANT_MESSAGES, type AssistantMessage } from "@liftoff/domain";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatBubble } from "./chat-bubble.tsx";
import { ChatComposer } from "./chat-composer.tsx";

// No DOM test setup in the web app: the real components rendered to HTML (interaction is e2e's).

const message = (over: Partial<AssistantMessage>): AssistantMessage => ({
  sources: [],
  id: "a1",
  conversationId: "c1",
  role: "assistant",
  content: "",
  status: "ready",
  error: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  ...over,
});
const render = (m: AssistantMessage, onRetry?: () => void) =>
  renderToStaticMarkup(createElement(ChatBubble, { message: m, ...(onRetry ? { onRetry } : {}) }));

describe("ChatBubble", () => {
  it("draws the assistant's Markdown without raw HTML, its links opening apart", () => {
    const html = render(
      message({
        content:
          "**Hi** <script>alert(1)</script><img src=x onerror=alert(1)> [site](https://example.com) [bad](javascript:alert(1))",
      }),
    );
    expect(html).toContain("<strong>Hi</strong>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("keeps the end user's words as text, says who wrote what, and shows a reply being written", () => {
    const user = render(message({ role: "user", content: "**not bold** <b>x</b>" }));
    expect(user).toContain("You: ");
    expect(user).toContain("**not bold** &lt;b&gt;x&lt;/b&gt;");
    const writing = render(message({ status: "in_progress" }));
    expect(writing).toContain("Writing a reply…");
    expect(writing).toContain('data-status="in_progress"');
  });

  it("shows a failed reply's error with Retry only when Retry can be offered", () => {
    const failed = message({ status: "failed", error: ASSISTANT_MESSAGES.rateLimited });
    expect(render(failed, () => {})).toContain("Rate limit exceeded. Please try again later.");
    expect(render(failed, () => {})).toContain("Retry");
    expect(render(failed)).not.toContain("Retry");
  });
});

describe("ChatComposer", () => {
  it("labels the box, caps it at 4,000 characters and waits while a reply is written", () => {
    const props = { onChange: () => {}, onSend: () => {} };
    const idle = renderToStaticMarkup(createElement(ChatComposer, { ...props, value: "Hello", busy: false }));
    expect(idle).toContain("Your message");
    expect(idle).toContain('maxLength="4000"');
    expect(idle).not.toMatch(/<button[^>]* disabled=""/);
    expect(idle).not.toContain("/ 4,000");
    const busy = renderToStaticMarkup(
      createElement(ChatComposer, { ...props, value: "x".repeat(3_900), busy: true }),
    );
    expect(busy).toMatch(/<button[^>]* disabled=""/);
    expect(busy).toContain("3,900 / 4,000");
  });
});
