import { z } from "zod";

export const INTEGRATION_MESSAGES = {
  namedParameters: 'Integration calls take an object of named parameters, for example { prompt: "…" }',
  fileTooLarge: "File size to large",
  fileNotFound: "File not found",
  uploadFailed: "Failed to upload image",
  sendEmailStranger: "SendEmail can only send to the app's own users",
  sendEmailRateLimited: "This app has sent too many e-mails in the last hour, try again later",
  noAiModel: "No AI model is configured. Set AI_PROVIDER and its key to enable InvokeLLM.",
  signedUrlInvalid: "This link is invalid or has expired",
  invokeLlmFiles: "InvokeLLM cannot read file_urls on this server yet; pass the text in the prompt",
  notAvailable: (name: string) => `${name} is not available on this server yet`,
} as const;

/** Spec section 5: uploads stay under 10,000,000 bytes. */
export const UPLOAD_MAX_BYTES = 10_000_000;
export const SIGNED_URL_DEFAULT_SECONDS = 300;
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3600;

export const uploadFileResponseSchema = z.object({ file_url: z.string() });
export const uploadPrivateFileResponseSchema = z.object({ file_uri: z.string() });

export const createFileSignedUrlParamsSchema = z.object({
  file_uri: z.string().min(1).max(500),
  expires_in: z.coerce.number().int().min(1).max(SIGNED_URL_MAX_SECONDS).optional(),
});
export const createFileSignedUrlResponseSchema = z.object({ signed_url: z.string() });

export const invokeLlmParamsSchema = z.object({
  prompt: z.string().min(1).max(100_000),
  response_json_schema: z.record(z.string(), z.unknown()).optional(),
  add_context_from_internet: z.boolean().optional(),
  file_urls: z.union([z.string(), z.array(z.string())]).optional(),
});

export const sendEmailParamsSchema = z.object({
  to: z.string().min(1).max(320),
  subject: z.string().min(1).max(300),
  body: z.string().max(100_000),
  from_name: z.string().max(120).optional(),
});

export const integrationPackageSchema = z.object({
  package_name: z.string(),
  instance_id: z.string(),
  endpoints: z.array(z.string()),
});
export const integrationsSchemaResponseSchema = z.object({
  installed_packages: z.array(integrationPackageSchema),
  missing_packages: z.array(integrationPackageSchema),
});
export type IntegrationsSchemaResponse = z.infer<typeof integrationsSchemaResponseSchema>;
