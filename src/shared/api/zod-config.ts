import { z } from 'zod';

// zod probes `new Function` to decide on compiled parsers, when the first object schema is built;
// under CSP script-src 'self' that probe is blocked and reported. Interpreted parsing is plenty for
// our payloads. This module must run before any schema is built: calls.ts loads it before any
// contract module, the service worker's contract map imports it first.
z.config({ jitless: true });
