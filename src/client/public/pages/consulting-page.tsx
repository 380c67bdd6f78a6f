import { contentPageByKey } from '../../../core/pages';
import { IconCardGrid } from '../components/icon-card-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('consulting');

export default function ConsultingPage({ content }: PageProps<'consulting'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <Section title="What we offer">
        <IconCardGrid
          cardClassName="card consulting-card"
          cards={content.sectionlst.map((section) => ({ icon: section.icon, kicker: section.title1, title: section.title2, html: section.data }))}
        />
      </Section>
    </>
  );
}
