// Moved to src/server/pages/seo.ts (decision 021); kept for the public renderer (src/server/ssr) until it is unified.
export * from '../pages/seo';
