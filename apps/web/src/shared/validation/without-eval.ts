import { z } from 'zod';

// The strict Content-Security-Policy forbids eval: zod must not compile its parsers, nor probe
// whether it may (the browser reports the probe as a violation). Imported first by main.tsx,
// as zod decides when each schema is created.
z.config({ jitless: true });
