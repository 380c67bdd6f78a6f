import { z } from 'zod';
import { route } from './route';

/** The API's own calls: its OpenAPI document, and the probes of a proxy or an orchestrator (docs/design.md §18). */
export const openapi = route({
  method: 'GET',
  path: '/api/openapi.json',
  reply: z.record(z.string(), z.unknown()).meta({ description: 'This document.' }),
  access: { public: true },
});

export const ready = route({
  method: 'GET',
  path: '/api/ready',
  reply: z.object({ status: z.literal('ready') }),
  errors: [503],
  access: { public: true },
});

export const health = route({
  method: 'GET',
  path: '/api/health',
  reply: z.object({ status: z.literal('ok'), tenant: z.string(), database: z.enum(['sqlite', 'postgres']) }),
  access: { public: true },
});
