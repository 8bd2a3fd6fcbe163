/**
 * An update's body as a row patch: each field the body sent, under the row's key for it; a field
 * left out (undefined) is left out of the patch too, so its stored value stays. A null that was
 * sent is kept: it clears the value.
 */
export function sentFields<B extends object, const M extends { [F in keyof B]?: string }>(
  body: B,
  columns: M,
): { [F in keyof M as M[F] extends string ? M[F] : never]?: Exclude<B[F & keyof B], undefined> } {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([field]) => body[field as keyof B] !== undefined)
      .map(([field, key]) => [key, body[field as keyof B]]),
  ) as never;
}

/** A person's own name and phone, as the user row keeps them: the account, the owner profile and the therapist profile change them. */
export const NAME_AND_PHONE = { first_name: 'firstName', last_name: 'lastName', phone_number: 'phoneNumber' } as const;
