import { contentPageByKey } from '../../../core/pages';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { Section } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('news');

export default function NewsPage({ content }: PageProps<'news'>) {
  return (
    <>
      <PageHero title="News" lead={page.description} />
      <Section layout="reading">
        <ol className="timeline">
          {content.tablelst.map((entry, index) => (
            <li key={index} className="timeline__item">
              <h2 className="timeline__year">{entry.newsYear}</h2>
              <RichHtml className="prose timeline__body" html={entry.newsDetails} />
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
