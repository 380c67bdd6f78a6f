import { CheckList } from '../components/check-list';
import { IconCardGrid } from '../components/icon-card-grid';
import { PageHero } from '../components/page-hero';
import { ProseSection, Section, SectionColumn } from '../components/section';
import type { PageProps } from '../public-types';

export default function Prod3Page({ content, pageName }: PageProps<'prod3'>) {
  return (
    <>
      <PageHero title={pageName} lead={content.lead} kicker="Our products" />
      <ProseSection band="tight" paragraphs={content.descriptionlst.map((entry) => entry.descpara)} />

      <Section band="alt" title="Benefits" show={content.benefitslst.length > 0}>
        <IconCardGrid cards={content.benefitslst.map((benefit) => ({ icon: benefit.icon, title: benefit.title, html: benefit.data }))} />
      </Section>

      <Section layout="two-columns">
        <SectionColumn title="Front Office">
          <CheckList items={content.section1lst.map((item) => item.data1)} />
        </SectionColumn>
        <SectionColumn title="Doctor">
          <CheckList items={content.section2lst.map((item) => item.data2)} />
        </SectionColumn>
      </Section>
    </>
  );
}
