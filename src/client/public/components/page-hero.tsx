import type { ReactNode } from 'react';
import { useFieldMark } from '../field-marks';

/**
 * The heading band at the top of every inner page: the page's only h1 and an optional lead sentence. The title
 * is the page's name, no field of its document; the lead is one (`leadField`, marked in previews).
 */
export function PageHero({
  title,
  lead,
  leadField,
  kicker,
}: {
  title: string;
  lead?: ReactNode;
  leadField?: string;
  kicker?: string;
}) {
  const mark = useFieldMark();
  return (
    <div className="page-hero">
      <div className="container page-hero__inner">
        {kicker ? <p className="page-hero__kicker">{kicker}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        {lead ? (
          <p className="page-hero__lead" {...mark(leadField)}>
            {lead}
          </p>
        ) : null}
      </div>
    </div>
  );
}
