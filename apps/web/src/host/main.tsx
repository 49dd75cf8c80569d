import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HostRoot } from "./host-root.tsx";
import "./host.css";

// The second entry of the web app (host.html): published apps and their login pages. It
// imports neither the builder SPA nor its router, so an end user downloads only this.
const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <HostRoot />
  </StrictMode>,
);
