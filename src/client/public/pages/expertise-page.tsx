import { PageHero } from '../components/page-hero';
import { CardGrid, ProseSection, Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function ExpertisePage({ content, pageName }: PageProps<'expertise'>) {
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <ProseSection
        band="tight"
        className="prose lead-text"
        paragraphs={content.description ? [content.description] : []}
        fieldOf={() => 'description'}
      />

      <Section band="alt" title={say('expertise.practices')} show={content.sectionlst.length > 0}>
        <CardGrid
          cards={content.sectionlst.map((section, sectionIndex) => ({
            title: section.heading,
            fields: { title: `sectionlst.${sectionIndex}.heading` },
            body: (
              <ul className="bullet-list">
                {section.list.map((item, index) => (
                  <li key={index} {...mark(`sectionlst.${sectionIndex}.list.${index}.data`)}>
                    {item.data}
                  </li>
                ))}
              </ul>
            ),
          }))}
        />
      </Section>

      <Section title={say('expertise.industry')} titleId="industry-heading" show={content.tablelst.length > 0}>
        {/* Focusable and named: on phones the table scrolls sideways inside this region. */}
        <div className="table-scroll" role="region" aria-labelledby="industry-heading" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{say('expertise.segment')}</th>
                <th scope="col">{say('expertise.product')}</th>
              </tr>
            </thead>
            <tbody>
              {content.tablelst.map((row, index) => (
                <tr key={index}>
                  <td {...mark(`tablelst.${index}.segment`)}>{row.segment}</td>
                  <td {...mark(`tablelst.${index}.product`)}>{row.product}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
