import type { PublicToolApp } from "@liftoff/domain";
import { ChatWithUsLink } from "../assistant/chat-with-us-link.tsx";
import { ToolAppHeader } from "./tool-app-header.tsx";
import { ToolCard } from "./tool-card.tsx";

/** A generated app's home: its header, description, its active tools as cards, and the way to its chat assistant when it is on. */
export function ToolAppHome({ app, base }: { app: PublicToolApp; base: string }) {
  return (
    <>
      <ToolAppHeader title={app.header.trim() || app.name} description={app.description} />
      {app.chatAssistant ? (
        <div className="-mt-2 flex justify-center">
          <ChatWithUsLink base={base} />
        </div>
      ) : null}
      <section aria-labelledby="tool-app-tools">
        <h2 id="tool-app-tools" className="sr-only">
          Tools
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="tool-cards">
          {app.tools.map((tool) => (
            <li key={tool.toolId} className="min-w-0">
              <ToolCard tool={tool} base={base} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
