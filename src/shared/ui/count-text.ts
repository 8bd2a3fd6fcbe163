/** A count with its noun: "1 student", "3 students". */
export const countText = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
