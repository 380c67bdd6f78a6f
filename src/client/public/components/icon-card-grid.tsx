import type { ReactNode } from 'react';
import { useFieldMark } from '../field-marks';
import { Icon, IconFrame } from './icon';
import { CardGrid, type Card, type CardFields } from './section';

/**
 * The icons content documents name (home expertise cards, consulting offers, InnovoCare benefits, SalesBoost
 * modules), in the site icons' style. Kept apart from the site's own icons so that only these pages load them.
 */
const CONTENT_ICONS: Record<string, ReactNode> = {
  factory: (
    <>
      <path d="M2 21h20" />
      <path d="M3 21V10l5 3v-3l5 3V5h4l1.5 16" />
      <path d="M7 17h2M12 17h2" />
    </>
  ),
  pill: (
    <>
      <path d="m10.5 20.5 10-10a4.95 4.95 0 0 0-7-7l-10 10a4.95 4.95 0 0 0 7 7Z" />
      <path d="m8.5 8.5 7 7" />
    </>
  ),
  stethoscope: (
    <>
      <path d="M5 3H4v5a5 5 0 0 0 10 0V3h-1" />
      <path d="M9 13v2a5 5 0 0 0 10 0v-3" />
      <circle cx="19" cy="10" r="2" />
    </>
  ),
  cpu: (
    <>
      <rect x="5" y="5" width="14" height="14" rx="2" />
      <rect x="9" y="9" width="6" height="6" rx="1" />
      <path d="M9 2v3M15 2v3M9 19v3M15 19v3M2 9h3M2 15h3M19 9h3M19 15h3" />
    </>
  ),
  code: <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />,
  rocket: (
    <>
      <path d="M12 2c3 2.4 4.5 5.9 4.5 10.5L14 16h-4l-2.5-3.5C7.5 7.9 9 4.4 12 2Z" />
      <circle cx="12" cy="9" r="1.5" />
      <path d="M7.5 12.5 5 15l1 4 4-3M16.5 12.5 19 15l-1 4-4-3M10.5 19.5 12 22l1.5-2.5" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m16 8-2.5 6.5L8 16l2.5-6.5Z" />
    </>
  ),
  layers: (
    <>
      <path d="M12 2.5 2 7.5l10 5 10-5Z" />
      <path d="m2 12 10 5 10-5M2 16.5l10 5 10-5" />
    </>
  ),
  workflow: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <rect x="14" y="14" width="7" height="7" rx="1.5" />
      <path d="M6.5 10v4.5a2 2 0 0 0 2 2H14" />
    </>
  ),
  shield: (
    <>
      <path d="M12 22s8-3.5 8-10V5l-8-3-8 3v7c0 6.5 8 10 8 10Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  prescription: <path d="M5 21V3h6a4 4 0 0 1 0 8H5M10 11l9 10M19 14l-6 7" />,
  'wifi-off': (
    <>
      <path d="m2 2 20 20M8.5 16.5a5 5 0 0 1 7 0M5 12.6a10 10 0 0 1 5-2.6M19 12.6a10 10 0 0 0-2.5-1.8M2 8.8a15 15 0 0 1 4.3-2.7M22 8.8A15 15 0 0 0 10.5 5" />
      <path d="M12 20h.01" />
    </>
  ),
  'file-medical': (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z" />
      <path d="M14 2v6h6M12 11v6M9 14h6" />
    </>
  ),
  cloud: <path d="M7 19h10.5a4.5 4.5 0 0 0 .5-8.98A6 6 0 0 0 6.3 9.04 5 5 0 0 0 7 19Z" />,
  languages: <path d="M4 5h8M8 3v2M6 5c0 4 2 7 5 8M10 5c-1 4-3 7-6 9M13 21l4-9 4 9M14.5 18h5" />,
};

/** Other spellings editors are likely to type, mapped to the icon's key. */
const ALIASES: Record<string, string> = {
  industry: 'factory',
  manufacturing: 'factory',
  pharma: 'pill',
  medicine: 'pill',
  clinic: 'stethoscope',
  doctor: 'stethoscope',
  chip: 'cpu',
  technology: 'cpu',
  startup: 'rocket',
  stack: 'layers',
  process: 'workflow',
  security: 'shield',
  analytics: 'chart',
  people: 'users',
  team: 'users',
  speed: 'gauge',
  productivity: 'gauge',
  rx: 'prescription',
  offline: 'wifi-off',
  emr: 'file-medical',
  record: 'file-medical',
  language: 'languages',
  translate: 'languages',
  email: 'mail',
  location: 'map-pin',
};

/** An icon named in a content document: its key or a likely other spelling; the sparkle when unknown. */
function ContentIcon({ name }: { name: string }) {
  const key = name.trim().toLowerCase();
  const resolved = ALIASES[key] ?? key;
  const shape = CONTENT_ICONS[resolved];
  return shape ? <IconFrame shape={shape} /> : <Icon name={resolved} />;
}

export interface IconCard extends Omit<Card, 'badge' | 'fields'> {
  /** The content icon's name, shown in a badge at the top of the card. */
  icon: string;
  /** The paths of the fields the card shows, its icon's too (marked in previews). */
  fields?: CardFields & { icon?: string };
}

/** A grid of cards, each with a content icon in a badge above its title and text. */
export function IconCardGrid({
  cards,
  ...grid
}: {
  cards: readonly IconCard[];
  className?: string;
  cardClassName?: string;
}) {
  const mark = useFieldMark();
  return (
    <CardGrid
      {...grid}
      cards={cards.map(({ icon, ...card }) => ({
        ...card,
        badge: (
          <span className="icon-badge" {...mark(card.fields?.icon)}>
            <ContentIcon name={icon} />
          </span>
        ),
      }))}
    />
  );
}
