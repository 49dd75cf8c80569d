import { describe, expect, it } from "vitest";
import {
  convertHeight,
  convertWeight,
  describeHeight,
  describeWeight,
  heightInCm,
  toFeetAndInches,
  weightInKg,
} from "./convert-units.ts";

describe("unit conversion", () => {
  it("converts heights exactly by the inch", () => {
    expect(heightInCm({ value: 10, unit: "in" })).toBeCloseTo(25.4, 10);
    expect(convertHeight({ value: 254, unit: "cm" }, "in")).toBeCloseTo(100, 10);
    expect(convertHeight({ value: 180, unit: "cm" }, "cm")).toBe(180);
  });

  it("converts weights exactly by the pound", () => {
    expect(weightInKg({ value: 100, unit: "lb" })).toBeCloseTo(45.359237, 10);
    expect(convertWeight({ value: 0.45359237, unit: "kg" }, "lb")).toBeCloseTo(1, 10);
    expect(convertWeight({ value: 70, unit: "kg" }, "kg")).toBe(70);
  });

  it("round-trips without drift", () => {
    for (const value of [0.5, 1, 63.7, 180, 299.9]) {
      const inches = convertHeight({ value, unit: "cm" }, "in");
      expect(convertHeight({ value: inches, unit: "in" }, "cm")).toBeCloseTo(value, 9);
      const pounds = convertWeight({ value, unit: "kg" }, "lb");
      expect(convertWeight({ value: pounds, unit: "lb" }, "kg")).toBeCloseTo(value, 9);
    }
  });

  it("splits into feet and inches, carrying a rounded 12 inches into a foot", () => {
    expect(toFeetAndInches({ value: 71, unit: "in" })).toEqual({ feet: 5, inches: 11 });
    expect(toFeetAndInches({ value: 180, unit: "cm" })).toEqual({ feet: 5, inches: 11 });
    expect(toFeetAndInches({ value: 71.6, unit: "in" })).toEqual({ feet: 6, inches: 0 });
    expect(toFeetAndInches({ value: 0, unit: "cm" })).toEqual({ feet: 0, inches: 0 });
  });

  it("describes a value in the chosen unit first and the other after", () => {
    expect(describeHeight({ value: 180, unit: "cm" })).toBe("180 cm (5 ft 11 in)");
    expect(describeHeight({ value: 70, unit: "in" })).toBe("5 ft 10 in (177.8 cm)");
    expect(describeWeight({ value: 70, unit: "kg" })).toBe("70 kg (154.3 lb)");
    expect(describeWeight({ value: 154, unit: "lb" })).toBe("154 lb (69.9 kg)");
  });
});
