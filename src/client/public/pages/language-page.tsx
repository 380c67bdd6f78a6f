import { PageHero } from '../components/page-hero';
import { Section, TitledText } from '../components/section';
import type { PageProps } from '../public-types';

export default function LanguagePage({ content, pageName }: PageProps<'language'>) {
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section layout="reading">
        {content.sectionlst.map((section, index) => (
          <TitledText
            key={index}
            className="text-section"
            titleClassName="text-section__title"
            title={section.title}
            titleField={`sectionlst.${index}.title`}
            html={section.data}
            htmlField={`sectionlst.${index}.data`}
          />
        ))}
      </Section>
    </>
  );
}
