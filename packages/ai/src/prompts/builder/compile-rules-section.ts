/** Rules that make code compile and run (system prompt, section 7). */
export const COMPILE_RULES_SECTION = `## Rules that make the app compile

- Plain JavaScript with JSX (.jsx files). No TypeScript syntax.
- Every page and the layout have a default export.
- Import every component and icon you use; import app files with "@/components/…",
  "@/pages/…", "@/services/…". Never import a file that does not exist or a package that is
  not listed.
- Only use entities that exist (see the app summary) or that you create in this reply.
- No network calls except through the SDK. No window.top, no document.cookie.
- Keep each file under 400 lines; split large pages into components.`;
