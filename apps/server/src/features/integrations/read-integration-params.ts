import { AppError, INTEGRATION_MESSAGES } from "@liftoff/domain";

export type IntegrationParams = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The request as Hono gives it (`c.req`), never the raw Request: the edge check
 * (rejectHostileInput) has read a JSON body already, and Hono's body cache serves it again.
 */
type BodySource = {
  header(name: string): string | undefined;
  text(): Promise<string>;
  formData(): Promise<FormData>;
};

/**
 * The named parameters of an integration call: a JSON object, or multipart form data
 * when a file is sent (files stay File values, other parts stay text, as the SDK sends
 * them). Anything else (a bare string, an array, malformed JSON) is a 400 that says which
 * shape is expected.
 */
export async function readIntegrationParams(request: BodySource): Promise<IntegrationParams> {
  const type = request.header("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new AppError("BAD_REQUEST", "Malformed multipart body");
    }
    const params: IntegrationParams = {};
    for (const [key, value] of form.entries()) params[key] = value;
    return params;
  }
  const text = await request.text();
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "Malformed JSON in request body");
  }
  if (!isPlainObject(parsed)) throw new AppError("BAD_REQUEST", INTEGRATION_MESSAGES.namedParameters);
  return parsed;
}
