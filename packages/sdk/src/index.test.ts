import { describe, expect, it } from "vitest";
import * as sdk from "./index.ts";

describe("the public API", () => {
  // Listed by hand: what generated apps and the runtime rely on changes only on purpose.
  it("exports exactly these values", () => {
    expect(Object.keys(sdk).sort()).toEqual(
      ["CORE_INTEGRATIONS", "NAMED_PARAMETERS_MESSAGE", "SdkError", "createClient", "createSseParser"].sort(),
    );
  });
});
