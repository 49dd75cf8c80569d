/** The entity both entity benchmarks load (run.ts side by side with PocketBase, profile.ts). */
export const BENCH_SCHEMA = {
  name: "Item",
  type: "object",
  properties: {
    title: { type: "string" },
    done: { type: "boolean" },
    priority: { type: "integer" },
    category: { type: "string" },
  },
  required: ["title"],
  // The same index the PocketBase collection declares (category, priority).
  indexes: [["category", "priority"]],
  permissions: { read: "all", write: "all" },
};
