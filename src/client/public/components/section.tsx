import type { ReactNode } from 'react';
import { useFieldMark } from '../field-marks';
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
  /** The path of the field the heading shows, if it shows one (marked in previews). */
  titleField?: string;
  /** false leaves the whole section out (its list is empty). */
  show?: boolean;
  children: ReactNode;
}

/** One band of a public page: a full-width section, its container, an optional h2 and the content. */
export function Section({ band, layout, title, titleId, titleField, show = true, children }: SectionProps) {
  const mark = useFieldMark();
  if (!show) return null;
  return (
    <section className={band ? `section section--${band}` : 'section'}>
      <div className={layout ? `container ${layout}` : 'container'}>
        {title ? (
          <h2 className="section__title" id={titleId} {...mark(titleField)}>
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

/**
 * Stored rich-text paragraphs in the reading width (`className` for each); left out when there are none.
 * `fieldOf(index)`: the path of the field each paragraph shows (marked in previews).
 */
export function ProseSection({
  paragraphs,
  fieldOf,
  band,
  className = 'prose',
}: {
  paragraphs: readonly string[];
  fieldOf?: (index: number) => string;
  band?: Band;
  className?: string;
}) {
  return (
    <Section band={band} layout="reading" show={paragraphs.length > 0}>
      {paragraphs.map((html, index) => (
        <RichHtml key={index} className={className} html={html} field={fieldOf?.(index)} />
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
  /** The paths of the fields its kicker, title and text show (marked in previews). */
  fields?: CardFields;
}

export interface CardFields {
  kicker?: string;
  title?: string;
  html?: string;
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
  const mark = useFieldMark();
  return (
    <div className={className}>
      {cards.map((card, index) => (
        <article key={index} className={cardClassName}>
          {card.badge}
          {card.kicker !== undefined ? (
            <p className="card__kicker" {...mark(card.fields?.kicker)}>
              {card.kicker}
            </p>
          ) : null}
          <h3 className="card__title" {...mark(card.fields?.title)}>
            {card.title}
          </h3>
          {card.html !== undefined ? (
            <RichHtml className="prose card__text" html={card.html} field={card.fields?.html} />
          ) : null}
          {card.body}
        </article>
      ))}
    </div>
  );
}

/**
 * A heading and its stored rich text, in the element its list needs (a timeline item, an article, a section);
 * `titleField` and `htmlField`: the paths of the fields they show (marked in previews).
 */
export function TitledText({
  as: Tag = 'section',
  className,
  titleAs: Title = 'h2',
  titleClassName,
  title,
  html,
  textClassName = 'prose',
  titleField,
  htmlField,
}: {
  as?: 'section' | 'article' | 'li';
  className: string;
  titleAs?: 'h2' | 'h3';
  titleClassName: string;
  title: string;
  html: string;
  textClassName?: string;
  titleField?: string;
  htmlField?: string;
}) {
  const mark = useFieldMark();
  return (
    <Tag className={className}>
      <Title className={titleClassName} {...mark(titleField)}>
        {title}
      </Title>
      <RichHtml className={textClassName} html={html} field={htmlField} />
    </Tag>
  );
}
