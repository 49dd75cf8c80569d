import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HostRoot } from "./host-root.tsx";
import "./host.css";

/**
 * Mounts the React host page (login pages, status pages, a draft for its admins, and a
 * published app whenever its fast path steps aside). Loaded on demand by main.ts.
 */
export function mountHostRoot(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("Missing #root element");
  createRoot(root).render(
    <StrictMode>
      <HostRoot />
    </StrictMode>,
  );
}
