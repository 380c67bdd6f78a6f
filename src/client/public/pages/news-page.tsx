import { PageHero } from '../components/page-hero';
import { Section, TitledText } from '../components/section';
import type { PageProps } from '../public-types';

export default function NewsPage({ content, pageName }: PageProps<'news'>) {
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section layout="reading">
        <ol className="timeline">
          {content.tablelst.map((entry, index) => (
            <TitledText
              key={index}
              as="li"
              className="timeline__item"
              titleClassName="timeline__year"
              title={entry.newsYear}
              titleField={`tablelst.${index}.newsYear`}
              textClassName="prose timeline__body"
              html={entry.newsDetails}
              htmlField={`tablelst.${index}.newsDetails`}
            />
          ))}
        </ol>
      </Section>
    </>
  );
}
