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
export const mailListResponseSchema = z.object({ mails: z.array(mailSchema) });
