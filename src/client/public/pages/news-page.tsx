import { contentPageByKey } from '../../../core/pages';
import { PageHero } from '../components/page-hero';
import { Section, TitledText } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('news');

export default function NewsPage({ content }: PageProps<'news'>) {
  return (
    <>
      <PageHero title="News" lead={page.description} />
      <Section layout="reading">
        <ol className="timeline">
          {content.tablelst.map((entry, index) => (
            <TitledText
              key={index}
              as="li"
              className="timeline__item"
              titleClassName="timeline__year"
              title={entry.newsYear}
              textClassName="prose timeline__body"
              html={entry.newsDetails}
            />
          ))}
        </ol>
      </Section>
    </>
  );
}
