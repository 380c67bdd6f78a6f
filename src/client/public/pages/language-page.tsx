import { contentPageByKey } from '../../../core/pages';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { Section } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('language');

export default function LanguagePage({ content }: PageProps<'language'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <Section layout="reading">
        {content.sectionlst.map((section, index) => (
          <section key={index} className="text-section">
            <h2 className="text-section__title">{section.title}</h2>
            <RichHtml className="prose" html={section.data} />
          </section>
        ))}
      </Section>
    </>
  );
}
