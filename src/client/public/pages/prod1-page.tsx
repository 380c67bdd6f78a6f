import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { CardGrid, ProseSection, Section, SectionColumn } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function Prod1Page({ content, pageName }: PageProps<'prod1'>) {
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} kicker={say('products.kicker')} />
      <ProseSection
        band="tight"
        paragraphs={content.descriptionlst.map((entry) => entry.descpara)}
        fieldOf={(index) => `descriptionlst.${index}.descpara`}
      />

      <Section
        band="alt"
        title={content.modulehead || say('products.modules')}
        titleField="modulehead"
        show={content.moduleslst.length > 0}
      >
        <ul className="check-list check-list--columns" role="list">
          {content.moduleslst.map((module, index) => (
            <li key={index}>
              <Icon name="check" />
              <span {...mark(`moduleslst.${index}.moduledata`)}>{module.moduledata}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={say('prod1.salesForce')}>
        {content.section1detail ? (
          <RichHtml className="prose section__intro" html={content.section1detail} field="section1detail" />
        ) : null}
        <CardGrid
          cards={content.section1lst.map((item, index) => ({
            title: item.title1,
            html: item.data1,
            fields: { title: `section1lst.${index}.title1`, html: `section1lst.${index}.data1` },
          }))}
        />
      </Section>

      <Section band="alt" title={say('prod1.service')}>
        {content.section2detail ? (
          <RichHtml className="prose section__intro" html={content.section2detail} field="section2detail" />
        ) : null}
        <CardGrid
          cards={content.section2lst.map((item, index) => ({
            title: item.title2,
            html: item.data2,
            fields: { title: `section2lst.${index}.title2`, html: `section2lst.${index}.data2` },
          }))}
        />
      </Section>

      <Section layout="two-columns">
        <SectionColumn title={say('prod1.architecture')}>
          <ul className="bullet-list">
            {content.section3lst.map((item, index) => (
              <li key={index}>
                <RichHtml className="prose" html={item.data3} field={`section3lst.${index}.data3`} />
              </li>
            ))}
          </ul>
        </SectionColumn>
        <SectionColumn title={say('prod1.benefits')}>
          <CheckList
            items={content.section4lst.map((item) => item.data4)}
            fieldOf={(index) => `section4lst.${index}.data4`}
          />
        </SectionColumn>
      </Section>
    </>
  );
}
