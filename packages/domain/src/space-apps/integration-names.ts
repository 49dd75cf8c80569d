// Without zod on purpose: the app runtime (packages/sdk, in every app's frame) imports these,
// and a module holding zod schemas would bring all of zod into the frame (~77 KB brotli).

/**
 * The core integrations of a space app (POST /integrations/Core/{endpoint}?appId=).
 * Each takes one object of named parameters: JSON, or multipart when a file is sent.
 */
export const CORE_INTEGRATION_NAMES = [
  "InvokeLLM",
  "UploadFile",
  "SendEmail",
  "GenerateImage",
  "ExtractDataFromUploadedFile",
  "UploadPrivateFile",
  "CreateFileSignedUrl",
] as const;
export type CoreIntegrationName = (typeof CORE_INTEGRATION_NAMES)[number];
