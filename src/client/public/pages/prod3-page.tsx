import { CheckList } from '../components/check-list';
import { IconCardGrid } from '../components/icon-card-grid';
import { PageHero } from '../components/page-hero';
import { ProseSection, Section, SectionColumn } from '../components/section';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function Prod3Page({ content, pageName }: PageProps<'prod3'>) {
  const say = useSay();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" kicker={say('products.kicker')} />
      <ProseSection
        band="tight"
        paragraphs={content.descriptionlst.map((entry) => entry.descpara)}
        fieldOf={(index) => `descriptionlst.${index}.descpara`}
      />

      <Section band="alt" title={say('prod3.benefits')} show={content.benefitslst.length > 0}>
        <IconCardGrid
          cards={content.benefitslst.map((benefit, index) => ({
            icon: benefit.icon,
            title: benefit.title,
            html: benefit.data,
            fields: {
              icon: `benefitslst.${index}.icon`,
              title: `benefitslst.${index}.title`,
              html: `benefitslst.${index}.data`,
            },
          }))}
        />
      </Section>

      <Section layout="two-columns">
        <SectionColumn title={say('prod3.frontOffice')}>
          <CheckList
            items={content.section1lst.map((item) => item.data1)}
            fieldOf={(index) => `section1lst.${index}.data1`}
          />
        </SectionColumn>
        <SectionColumn title={say('prod3.doctor')}>
          <CheckList
            items={content.section2lst.map((item) => item.data2)}
            fieldOf={(index) => `section2lst.${index}.data2`}
          />
        </SectionColumn>
      </Section>
    </>
  );
}
