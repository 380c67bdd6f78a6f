import type { ReactNode } from 'react';

/** The heading band at the top of every inner page: the page's only h1 and an optional lead sentence. */
export function PageHero({ title, lead, kicker }: { title: string; lead?: ReactNode; kicker?: string }) {
  return (
    <div className="page-hero">
      <div className="container page-hero__inner">
        {kicker ? <p className="page-hero__kicker">{kicker}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
      </div>
    </div>
  );
}
