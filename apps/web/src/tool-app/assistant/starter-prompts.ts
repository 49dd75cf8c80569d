/** How many starter prompts the empty chat offers: a few, to start from, not a menu. */
export const STARTER_PROMPT_COUNT = 3;

/**
 * The questions an empty chat offers: one per tool of the app ('What can {tool title} do?'),
 * the first few with a title, each once, and a general one when the app has no tools.
 */
export function starterPrompts(tools: readonly { title: string }[]): string[] {
  const titles = [...new Set(tools.map((tool) => tool.title.trim()).filter(Boolean))];
  const prompts = titles.slice(0, STARTER_PROMPT_COUNT).map((title) => `What can ${title} do?`);
  return prompts.length > 0 ? prompts : ["What can you help me with?"];
}
