/** Which column of the row each field of a body sets (`grade_level` → `gradeLevel`). */
type Columns<Body> = { readonly [Field in keyof Body]?: string };

/** The columns a body's fields set, each with the field's value. */
export type PatchOf<Body, C extends Columns<Body>> = {
  [Field in keyof C & keyof Body as C[Field] & string]?: Exclude<Body[Field], undefined>;
};

/**
 * An update's body as a row patch: each field the body sent, under the row's column for it. A field
 * left out (undefined) is left out of the patch too, so its stored value stays; a null that was sent
 * is kept, since it clears the column.
 */
export function patchOf<Body extends object, const C extends Columns<Body>>(body: Body, columns: C): PatchOf<Body, C> {
  const patch: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as [keyof Body, string][]) {
    if (body[field] !== undefined) {
      patch[column] = body[field];
    }
  }
  return patch as PatchOf<Body, C>;
}

/** A person's own name and phone, as the user row keeps them: the account, the owner profile and the therapist profile change them. */
export const NAME_AND_PHONE = { first_name: 'firstName', last_name: 'lastName', phone_number: 'phoneNumber' } as const;
