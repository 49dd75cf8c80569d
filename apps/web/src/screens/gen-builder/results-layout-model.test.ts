import {
  GENERATED_APP_MESSAGES,
  type ResultBlock,
  resultBlockSchema,
  SAVED_APP_LIMITS,
} from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  activeFeatureBadges,
  addBlock,
  BLOCK_LIMIT_MESSAGE,
  blockMessages,
  changeBlockKind,
  duplicateBlock,
  isFeatureOn,
  messagesOfBlock,
  moveBlock,
  nextBlockId,
  parseCount,
  parseJsonSchemaText,
  parseRequiredKeys,
  removeBlock,
  setFeature,
  VALIDATION_FEATURES_BY_KIND,
  withValidation,
} from "./results-layout-model.ts";

const block = (id: string, extra: Partial<ResultBlock> = {}): ResultBlock => ({
  id,
  kind: "markdown",
  title: `Title ${id}`,
  instruction: "",
  ...extra,
});

describe("results layout: the block list", () => {
  it("adds a block of any kind with a unique id and a title after its kind", () => {
    const first = addBlock([], "table");
    expect(first).toEqual({
      ok: true,
      blocks: [{ id: "block-1", kind: "table", title: "Comparison", instruction: "" }],
    });
    const taken = [block("block-2"), block("block-3")];
    expect(nextBlockId(taken)).toBe("block-4");
    expect(nextBlockId([block("x")])).toBe("block-2");
    const second = addBlock(taken, "json");
    expect(second.ok && second.blocks.map((b) => b.id)).toEqual(["block-2", "block-3", "block-4"]);
    expect(second.ok && resultBlockSchema.safeParse(second.blocks[2]).success).toBe(true);
  });

  it("refuses to add or duplicate past the maximum, with the limit message", () => {
    const full = Array.from({ length: SAVED_APP_LIMITS.maxBlocks }, (_, i) => block(`b${i}`));
    expect(addBlock(full, "list")).toEqual({ ok: false, message: BLOCK_LIMIT_MESSAGE });
    expect(duplicateBlock(full, 0)).toEqual({ ok: false, message: BLOCK_LIMIT_MESSAGE });
    expect(BLOCK_LIMIT_MESSAGE).toBe(`You can add up to ${SAVED_APP_LIMITS.maxBlocks} result blocks`);
    expect(addBlock(full.slice(1), "list").ok).toBe(true);
  });

  it("duplicates right after the original with a deep copy of its checks", () => {
    const original = block("a", { validation: { requiredKeys: ["name"] } });
    const result = duplicateBlock([original, block("b")], 0);
    if (!result.ok) throw new Error("expected a copy");
    expect(result.blocks.map((b) => b.title)).toEqual(["Title a", "Title a (copy)", "Title b"]);
    const copy = result.blocks[1] as ResultBlock;
    expect(copy.id).not.toBe("a");
    copy.validation?.requiredKeys?.push("other");
    expect(original.validation?.requiredKeys).toEqual(["name"]);
  });

  it("keeps a duplicated title within the contract's cap", () => {
    const long = block("a", { title: "x".repeat(120) });
    const result = duplicateBlock([long], 0);
    expect(result.ok && (result.blocks[1] as ResultBlock).title.length).toBe(120);
  });

  it("removes and moves blocks, leaving the ends unchanged", () => {
    const list = [block("a"), block("b"), block("c")];
    expect(removeBlock(list, 1).map((b) => b.id)).toEqual(["a", "c"]);
    expect(moveBlock(list, 1, -1).map((b) => b.id)).toEqual(["b", "a", "c"]);
    expect(moveBlock(list, 1, 1).map((b) => b.id)).toEqual(["a", "c", "b"]);
    expect(moveBlock(list, 0, -1).map((b) => b.id)).toEqual(["a", "b", "c"]);
    expect(moveBlock(list, 2, 1).map((b) => b.id)).toEqual(["a", "b", "c"]);
    expect(list.map((b) => b.id)).toEqual(["a", "b", "c"]);
  });
});

describe("results layout: validation features", () => {
  it("turns checks on with a starting value and off by removing their keys", () => {
    let b = block("a", { kind: "json" });
    b = setFeature(b, "itemCount", true);
    expect(b.validation).toEqual({ minItems: 1 });
    expect(isFeatureOn(b, "itemCount")).toBe(true);
    b = setFeature(b, "modelCheck", true);
    expect(isFeatureOn(b, "modelCheck")).toBe(true);
    expect(b.validation?.modelCheckPrompt).toBe("");
    b = setFeature(b, "jsonSchema", true);
    expect(b.validation?.jsonSchema).toEqual({ type: "object", properties: {}, required: [] });
    b = setFeature(setFeature(setFeature(b, "itemCount", false), "modelCheck", false), "jsonSchema", false);
    expect(b).toEqual(block("a", { kind: "json" }));
    expect("validation" in b).toBe(false);
  });

  it("drops undefined bounds so the stored block stays minimal", () => {
    expect(withValidation(block("a"), { minLength: undefined, maxLength: 10 }).validation).toEqual({
      maxLength: 10,
    });
  });

  it("offers only the checks that mean something for each kind and drops the others on a kind change", () => {
    expect(VALIDATION_FEATURES_BY_KIND.markdown).toEqual(["length", "modelCheck"]);
    expect(VALIDATION_FEATURES_BY_KIND.image).toEqual(["modelCheck"]);
    const json = block("a", {
      kind: "json",
      validation: {
        jsonSchema: { type: "object" },
        minItems: 2,
        requiredKeys: ["id"],
        modelCheckPrompt: "Is it good?",
      },
    });
    expect(changeBlockKind(json, "markdown").validation).toEqual({ modelCheckPrompt: "Is it good?" });
    expect(changeBlockKind(json, "image").kind).toBe("image");
    expect(changeBlockKind(json, "key_facts").validation).toEqual(json.validation);
  });

  it("explains a JSON schema that does not parse, is not an object or is too long", () => {
    expect(parseJsonSchemaText('{"type": "object"}')).toEqual({ ok: true, value: { type: "object" } });
    const broken = parseJsonSchemaText('{"type": ');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^This is not valid JSON: /);
    expect(parseJsonSchemaText("[1, 2]")).toEqual({
      ok: false,
      message: GENERATED_APP_MESSAGES.jsonSchemaInvalid,
    });
    expect(parseJsonSchemaText('"text"')).toEqual({
      ok: false,
      message: GENERATED_APP_MESSAGES.jsonSchemaInvalid,
    });
    expect(parseJsonSchemaText("   ").ok).toBe(false);
    const huge = JSON.stringify({ description: "x".repeat(20_001) });
    expect(parseJsonSchemaText(huge)).toEqual({
      ok: false,
      message: GENERATED_APP_MESSAGES.jsonSchemaTooLong,
    });
  });

  it("reads required keys one per line or comma separated, without blanks or repeats", () => {
    expect(parseRequiredKeys("name\n  price , name\n\n,currency")).toEqual(["name", "price", "currency"]);
    expect(parseRequiredKeys("  \n ")).toEqual([]);
  });

  it("reads counts as empty or whole numbers from 0", () => {
    expect(parseCount("")).toEqual({ ok: true, value: undefined });
    expect(parseCount(" 4 ")).toEqual({ ok: true, value: 4 });
    expect(parseCount("0")).toEqual({ ok: true, value: 0 });
    expect(parseCount("2.5")).toEqual({ ok: false, message: "Enter a whole number" });
    expect(parseCount("-1")).toEqual({ ok: false, message: "Enter 0 or more" });
    expect(parseCount("abc")).toEqual({ ok: false, message: "Enter a whole number" });
  });

  it("gives the contract's messages keyed inside the block", () => {
    expect(blockMessages(block("a"))).toEqual({});
    const bad = block("a", {
      title: "t".repeat(121),
      validation: { minItems: 5, maxItems: 3, requiredKeys: [""] },
    });
    const messages = blockMessages(bad);
    expect(messages.title).toBe("Block title can be at most 120 characters");
    expect(messages["validation.minItems"]).toBe(GENERATED_APP_MESSAGES.minAboveMax);
    expect(messages["validation.requiredKeys.0"]).toBe("Required key cannot be empty");
  });

  it("re-keys the server's messages of one block", () => {
    expect(
      messagesOfBlock({ "blocks.1.title": "Too long", "blocks.10.title": "Other", ctaLink: "Bad" }, 1),
    ).toEqual({ title: "Too long" });
  });

  it("labels the checks in force as badges, ignoring empty ones", () => {
    expect(activeFeatureBadges(block("a"))).toEqual([]);
    expect(
      activeFeatureBadges(
        block("a", { validation: { requiredKeys: [], modelCheckPrompt: "  ", minItems: 2, maxItems: 2 } }),
      ),
    ).toEqual(["Exactly 2 items"]);
    expect(
      activeFeatureBadges(
        block("a", {
          validation: {
            jsonSchema: { type: "object" },
            requiredKeys: ["a", "b"],
            minItems: 1,
            maxItems: 5,
            maxLength: 2000,
            modelCheckPrompt: "Is it polite?",
          },
        }),
      ),
    ).toEqual(["JSON schema", "2 required keys", "1–5 items", "At most 2,000 characters", "Model check"]);
    expect(activeFeatureBadges(block("a", { validation: { minLength: 10, requiredKeys: ["k"] } }))).toEqual([
      "1 required key",
      "At least 10 characters",
    ]);
  });
});
