/**
 * Height and weight answers (spec section 3 field types 'height' and 'weight'): the end
 * user picks metric or imperial, and the model gets both, so an instruction written in
 * either system reads the answer directly. Values are kept in the unit the user chose;
 * conversion only happens for display and for the prompt.
 */
export const HEIGHT_UNITS = ["cm", "in"] as const;
export type HeightUnit = (typeof HEIGHT_UNITS)[number];
export const WEIGHT_UNITS = ["kg", "lb"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export type HeightValue = { value: number; unit: HeightUnit };
export type WeightValue = { value: number; unit: WeightUnit };

/** Exact by definition (international yard and pound, 1959). */
const CM_PER_INCH = 2.54;
const KG_PER_POUND = 0.45359237;

export function heightInCm(height: HeightValue): number {
  return height.unit === "cm" ? height.value : height.value * CM_PER_INCH;
}

export function weightInKg(weight: WeightValue): number {
  return weight.unit === "kg" ? weight.value : weight.value * KG_PER_POUND;
}

/** `height` in `unit`, unrounded. */
export function convertHeight(height: HeightValue, unit: HeightUnit): number {
  const cm = heightInCm(height);
  return unit === "cm" ? cm : cm / CM_PER_INCH;
}

/** `weight` in `unit`, unrounded. */
export function convertWeight(weight: WeightValue, unit: WeightUnit): number {
  const kg = weightInKg(weight);
  return unit === "kg" ? kg : kg / KG_PER_POUND;
}

/** Whole feet and inches rounded to the nearest inch (71 in -> 5 ft 11 in, never 5 ft 12 in). */
export function toFeetAndInches(height: HeightValue): { feet: number; inches: number } {
  const totalInches = Math.round(convertHeight(height, "in"));
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** "180 cm (5 ft 11 in)" or "5 ft 11 in (180 cm)": the chosen unit first, the other after. */
export function describeHeight(height: HeightValue): string {
  const { feet, inches } = toFeetAndInches(height);
  const metric = `${round(heightInCm(height), 1)} cm`;
  const imperial = `${feet} ft ${inches} in`;
  return height.unit === "cm" ? `${metric} (${imperial})` : `${imperial} (${metric})`;
}

/** "70 kg (154.3 lb)" or "154 lb (69.9 kg)": the chosen unit first, the other after. */
export function describeWeight(weight: WeightValue): string {
  const kg = `${round(convertWeight(weight, "kg"), 1)} kg`;
  const lb = `${round(convertWeight(weight, "lb"), 1)} lb`;
  return weight.unit === "kg" ? `${kg} (${lb})` : `${lb} (${kg})`;
}
