import { z } from 'zod';

// The app's CSP forbids eval, and zod would otherwise try `new Function` once to compile its
// validators: tell it not to, so no page logs a policy violation.
z.config({ jitless: true });
