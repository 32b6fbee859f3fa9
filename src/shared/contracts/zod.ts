import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` where it may, and probes for that with `new Function("")`.
 * In the browser the probe trips our content security policy (no 'unsafe-eval') and reports a violation
 * on every page that validates input; plain parsing is quick enough for bodies of this size, so every
 * contract is built on a Zod that never evaluates code.
 */
z.config({ jitless: true });

export { z };
