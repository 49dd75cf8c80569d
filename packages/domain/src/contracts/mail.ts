import { z } from "zod";

export const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
/**
 * `scope`: `all` for platform admins (every held mail), `own` for anyone else signed in
 * (only mail addressed to their own address).
 */
export const mailListResponseSchema = z.object({
  mails: z.array(mailSchema),
  scope: z.enum(["all", "own"]).optional(),
});
