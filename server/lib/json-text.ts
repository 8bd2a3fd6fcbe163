/**
 * JSON already written, standing for a value of type T: what a call answers when the database
 * writes its large answer itself (registerTxCall sends it as it is). The brand keeps the
 * text tied to the shape it claims; tests parse such answers against the call's response schema.
 */
export type JsonText<T> = string & { readonly __jsonOf: T };

/** A value written as JSON here. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** An object of JSON texts, one per key, written as one JSON object without parsing any of them. */
export function jsonObject<T extends object>(parts: { [K in keyof T]: JsonText<T[K]> }): JsonText<T> {
  const fields = Object.entries(parts as Record<string, string>).map(([key, text]) => `${JSON.stringify(key)}:${text}`);
  return `{${fields.join(',')}}` as JsonText<T>;
}
