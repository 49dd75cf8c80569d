import { describe, expect, it } from "vitest";
import {
  findFieldTags,
  hasFieldTag,
  parseFieldTags,
  renameFieldTag,
  unknownFieldTags,
} from "./field-tags.ts";

const prompt =
  "Plan a trip to [city] for [Age] year olds. See [the guide](https://x.io). Use [input] and [city] again.";

describe("field tags", () => {
  it("finds each tag with its place, skipping markdown links", () => {
    expect(findFieldTags("a [b] c")).toEqual([{ name: "b", start: 2, end: 5 }]);
    expect(findFieldTags(prompt).map((tag) => tag.name)).toEqual(["city", "Age", "input", "city"]);
  });

  it("lists distinct names, ignoring case", () => {
    expect(parseFieldTags(prompt)).toEqual(["city", "Age", "input"]);
    expect(parseFieldTags("[City] [city]")).toEqual(["City"]);
    expect(parseFieldTags("[two words] [] [ok]")).toEqual(["ok"]);
  });

  it("knows whether a field is tagged", () => {
    expect(hasFieldTag(prompt, "age")).toBe(true);
    expect(hasFieldTag(prompt, "budget")).toBe(false);
    expect(hasFieldTag("[the guide](https://x.io)", "the")).toBe(false);
  });

  it("flags tags naming no field, never [input]", () => {
    expect(unknownFieldTags(prompt, ["city"])).toEqual(["Age"]);
    expect(unknownFieldTags(prompt, ["CITY", "age"])).toEqual([]);
    expect(unknownFieldTags("[INPUT]", [])).toEqual([]);
  });

  it("renames a field's tags, any case, leaving others", () => {
    expect(renameFieldTag("[city] [City] [cityname]", "city", "town")).toBe("[town] [town] [cityname]");
  });
});
