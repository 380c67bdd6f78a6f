import { config } from 'zod';

// The browser build never compiles parsers with `new Function` (blocked by the CSP, see public/islands/contact-validation.ts).
config({ jitless: true });
