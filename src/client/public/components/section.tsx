import type { ReactNode } from 'react';
import { RichHtml } from './rich-html';

type Band = 'alt' | 'tight';

export interface SectionProps {
  /** `alt`: on the tinted band; `tight`: less space above and below (an introduction under the hero). */
  band?: Band;
  /** Layout classes for the container, after `container`: 'reading', 'two-columns', 'content-blocks'… */
  layout?: string;
  /** The section's heading, an h2. */
  title?: ReactNode;
  titleId?: string;
  /** false leaves the whole section out (its list is empty). */
  show?: boolean;
  children: ReactNode;
}

/** One band of a public page: a full-width section, its container, an optional h2 and the content. */
export function Section({ band, layout, title, titleId, show = true, children }: SectionProps) {
  if (!show) return null;
  return (
    <section className={band ? `section section--${band}` : 'section'}>
      <div className={layout ? `container ${layout}` : 'container'}>
        {title ? (
          <h2 className="section__title" id={titleId}>
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** One titled column of a section laid out in columns (`layout="two-columns"`). */
export function SectionColumn({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h2 className="section__title">{title}</h2>
      {children}
    </div>
  );
}

/** Stored rich-text paragraphs in the reading width (`className` for each); left out when there are none. */
export function ProseSection({
  paragraphs,
  band,
  className = 'prose',
}: {
  paragraphs: readonly string[];
  band?: Band;
  className?: string;
}) {
  return (
    <Section band={band} layout="reading" show={paragraphs.length > 0}>
      {paragraphs.map((html, index) => (
        <RichHtml key={index} className={className} html={html} />
      ))}
    </Section>
  );
}

export interface Card {
  /** Shown at the top of the card (an icon badge). */
  badge?: ReactNode;
  /** A short line above the title. */
  kicker?: string;
  /** The card's heading, an h3. */
  title: string;
  /** Stored rich text under the title. */
  html?: string;
  /** Other content under the title (a list). */
  body?: ReactNode;
}

/** A grid of cards, each an article with its h3 title and text (product features, expertise). */
export function CardGrid({
  cards,
  className = 'card-grid',
  cardClassName = 'card',
}: {
  cards: readonly Card[];
  /** The grid's classes. */
  className?: string;
  /** Each card's classes. */
  cardClassName?: string;
}) {
  return (
    <div className={className}>
      {cards.map((card, index) => (
        <article key={index} className={cardClassName}>
          {card.badge}
          {card.kicker !== undefined ? <p className="card__kicker">{card.kicker}</p> : null}
          <h3 className="card__title">{card.title}</h3>
          {card.html !== undefined ? <RichHtml className="prose card__text" html={card.html} /> : null}
          {card.body}
        </article>
      ))}
    </div>
  );
}

/** A heading and its stored rich text, in the element its list needs (a timeline item, an article, a section). */
export function TitledText({
  as: Tag = 'section',
  className,
  titleAs: Title = 'h2',
  titleClassName,
  title,
  html,
  textClassName = 'prose',
}: {
  as?: 'section' | 'article' | 'li';
  className: string;
  titleAs?: 'h2' | 'h3';
  titleClassName: string;
  title: string;
  html: string;
  textClassName?: string;
}) {
  return (
    <Tag className={className}>
      <Title className={titleClassName}>{title}</Title>
      <RichHtml className={textClassName} html={html} />
    </Tag>
  );
}
