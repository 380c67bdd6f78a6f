import type { ReactNode } from 'react';

/**
 * The site's own icons (header, footer, links, ticked lists, product modules): 24x24 stroke icons drawn inline,
 * so they cost no request and follow the text colour. The icons that content documents name are in
 * icon-card-grid.tsx, so that only the pages that show them load them.
 */
const ICONS: Record<string, ReactNode> = {
  chart: <path d="M3 3v18h18M8 17v-5M13 17V8M18 17v-9" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2 20c0-3.5 3-6 7-6s7 2.5 7 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5c2.3.7 4 2.8 4 5.5" />
    </>
  ),
  gauge: (
    <>
      <path d="M3.5 18a9.5 9.5 0 1 1 17 0" />
      <path d="m12 14 4-5" />
      <circle cx="12" cy="14" r="1" />
    </>
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  login: <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c2.5 2.7 3.8 5.9 3.8 9.5s-1.3 6.8-3.8 9.5c-2.5-2.7-3.8-5.9-3.8-9.5s1.3-6.8 3.8-9.5Z" />
    </>
  ),
  'chevron-down': <path d="m6 9 6 6 6-6" />,
  'chevron-left': <path d="m15 18-6-6 6-6" />,
  'chevron-right': <path d="m9 18 6-6-6-6" />,
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>
  ),
  phone: <path d="M5 3h3l2 5-2.5 1.5a11 11 0 0 0 5 5L14 12l5 2v3a2 2 0 0 1-2 2A14 14 0 0 1 3 5a2 2 0 0 1 2-2Z" />,
  'map-pin': (
    <>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  sparkle: (
    <>
      <path d="M11 3c.6 4.6 2.4 6.4 7 7-4.6.6-6.4 2.4-7 7-.6-4.6-2.4-6.4-7-7 4.6-.6 6.4-2.4 7-7Z" />
      <path d="M19 16v5M16.5 18.5h5" />
    </>
  ),
};

/** An icon's shape in the 24x24 frame every icon shares. */
export function IconFrame({ shape, className }: { shape: ReactNode; className?: string | undefined }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shape}
    </svg>
  );
}

/** One of the site's icons by its key; an unknown key draws the sparkle. */
export function Icon({ name, className }: { name: string; className?: string }) {
  return <IconFrame shape={ICONS[name] ?? ICONS.sparkle} className={className} />;
}
