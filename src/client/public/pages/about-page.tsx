import { FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { ProseSection, Section, TitledText } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function AboutPage({ content, pageName }: PageProps<'about'>) {
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} />
      <ProseSection
        paragraphs={content.abtmainlst.map((para) => para.mainpara)}
        fieldOf={(index) => `abtmainlst.${index}.mainpara`}
      />

      <Section band="alt" layout="content-blocks" show={content.abtcontentlst.length > 0}>
        {content.abtcontentlst.map((block, index) => (
          <TitledText
            key={index}
            as="article"
            className="card content-block"
            titleClassName="card__title"
            title={block.contenttitle}
            titleField={`abtcontentlst.${index}.contenttitle`}
            html={block.contentpara}
            htmlField={`abtcontentlst.${index}.contentpara`}
          />
        ))}
      </Section>

      <Section title={say('about.management')} show={content.managementlst.length > 0}>
        <div className="management">
          {content.managementlst.map((person, index) => (
            <article
              key={index}
              className={index % 2 === 1 ? 'management-entry management-entry--reverse' : 'management-entry'}
            >
              <FallbackImage
                className="management-entry__image"
                src={person.mngimg}
                alt={person.mngprofname}
                width={480}
                height={350}
                loading="lazy"
                field={`managementlst.${index}.mngimg`}
              />
              <div className="management-entry__body">
                <h3 className="management-entry__name" {...mark(`managementlst.${index}.mngprofname`)}>
                  {person.mngprofname}
                </h3>
                <p className="management-entry__designation" {...mark(`managementlst.${index}.mngdesignation`)}>
                  {person.mngdesignation}
                </p>
                <RichHtml className="prose" html={person.mngdetails} field={`managementlst.${index}.mngdetails`} />
              </div>
            </article>
          ))}
        </div>
      </Section>
    </>
  );
}
