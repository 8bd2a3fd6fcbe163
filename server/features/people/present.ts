/** A directory row as the contract answers it: the window total dropped, the join date as ISO text. */
export function presentPerson<R extends { total: number; joined_at: Date | string }>({ total: _, ...row }: R) {
  return { ...row, joined_at: new Date(row.joined_at).toISOString() };
}
