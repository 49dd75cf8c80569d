import { z } from "zod";
import { planIdSchema } from "./plan-ids.ts";

/**
 * One card of the pricing page and the upgrade dialog (spec section 3 "Plan card"). Field
 * names are the spec's, typo included: `discuountedPrice` is what clients already send and
 * read, so renaming it would break them.
 *
 * Prices are US dollars. `price` is per month; `priceYearly` is the whole year paid at
 * once (the card shows it divided by 12). A one-time-payment card has no yearly option,
 * so its `priceYearly` is null.
 */
export const planCardSchema = z
  .object({
    id: planIdSchema,
    /** Shown name: 'Free' for lite, or 'Discover' when lite is disabled. */
    name: z.string().trim().min(1).max(40),
    /** Monthly price in dollars; 0 for the free card. */
    price: z.number().nonnegative().finite(),
    /** A promotional monthly price shown beside the struck-through `price`, or null. */
    discuountedPrice: z.number().nonnegative().finite().nullable(),
    /** The price of a whole year paid at once, or null when there is no yearly option. */
    priceYearly: z.number().nonnegative().finite().nullable(),
    /** True when `price` is charged once rather than every month. */
    oneTimePayment: z.boolean(),
    description: z.string().trim().min(1).max(300),
    isMostPopular: z.boolean(),
    buttonText: z.string().trim().min(1).max(40),
    /** Where the card's button leads: a same-site path such as /joinPlan?plan=builder. */
    link: z.string().trim().min(1).max(2_000),
  })
  .refine((card) => card.discuountedPrice === null || card.discuountedPrice < card.price, {
    message: "A discounted price must be lower than the price",
    path: ["discuountedPrice"],
  })
  .refine((card) => !card.oneTimePayment || card.priceYearly === null, {
    message: "A one-time payment has no yearly price",
    path: ["priceYearly"],
  });

export type PlanCard = z.infer<typeof planCardSchema>;
