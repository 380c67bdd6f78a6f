import { IconCardGrid } from '../components/icon-card-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function ConsultingPage({ content, pageName }: PageProps<'consulting'>) {
  const say = useSay();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section title={say('consulting.offer')}>
        <IconCardGrid
          cardClassName="card consulting-card"
          cards={content.sectionlst.map((section, index) => ({
            icon: section.icon,
            kicker: section.title1,
            title: section.title2,
            html: section.data,
            fields: {
              icon: `sectionlst.${index}.icon`,
              kicker: `sectionlst.${index}.title1`,
              title: `sectionlst.${index}.title2`,
              html: `sectionlst.${index}.data`,
            },
          }))}
        />
      </Section>
    </>
  );
}
