// How Folio starts the system Chromium (Debian's package) wherever it drives one: the browser tests
// (playwright.config.ts) and the staff guide's pictures (scripts/staff-guide-screenshots.ts). Browsers are never
// downloaded here.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
