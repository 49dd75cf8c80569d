// The host page's stylesheet as a module of its own, so that the fast path
// (start-boot-host.ts) loads it only when it draws something (the watermark) and the React
// page loads it with itself; a published app's first visit without a watermark needs none.
import "./host.css";
