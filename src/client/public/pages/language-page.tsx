import { contentPageByKey } from '../../../core/pages';
import { PageHero } from '../components/page-hero';
import { Section, TitledText } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('language');

export default function LanguagePage({ content }: PageProps<'language'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <Section layout="reading">
        {content.sectionlst.map((section, index) => (
          <TitledText key={index} className="text-section" titleClassName="text-section__title" title={section.title} html={section.data} />
        ))}
      </Section>
    </>
  );
}
