import { z } from "zod";

// Where every schema gets z. zod compiles a faster object parser with `new Function` when
// it may, and probes for it once; our CSP forbids eval, and the browser reports even the
// caught probe as a violation. jitless mode turns both off, and it must be set before the
// first z.object is built: a schema module that imports z from here runs this first.
z.config({ jitless: true });

export { z };
