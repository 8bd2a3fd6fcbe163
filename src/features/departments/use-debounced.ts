import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `ms` (a picker's search asks the server after typing stops). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
