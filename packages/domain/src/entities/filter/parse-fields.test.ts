import { describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error.ts";
import { parseFields } from "./parse-fields.ts";

describe("parseFields", () => {
  it("means every field when absent or empty", () => {
    for (const empty of [undefined, null, "", " ", ","]) expect(parseFields(empty, ["a"])).toBeNull();
  });

  it("lists known and built-in fields in order, without repeats", () => {
    expect(parseFields("name, id,name,createdAt", ["name"])).toEqual(["name", "id", "createdAt"]);
  });

  it("refuses an unknown field with a 400", () => {
    expect(() => parseFields("name,nope", ["name"])).toThrow(
      new AppError("BAD_REQUEST", 'Unknown field "nope"'),
    );
    expect(() => parseFields("address.city", ["address"])).toThrow('Unknown field "address.city"');
  });
});
