import { FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

export default function AboutPage({ content }: PageProps<'about'>) {
  return (
    <>
      <PageHero title="About us" />

      {content.abtmainlst.length > 0 ? (
        <section className="section">
          <div className="container reading">
            {content.abtmainlst.map((para, index) => (
              <RichHtml key={index} className="prose" html={para.mainpara} />
            ))}
          </div>
        </section>
      ) : null}

      {content.abtcontentlst.length > 0 ? (
        <section className="section section--alt">
          <div className="container content-blocks">
            {content.abtcontentlst.map((block, index) => (
              <article key={index} className="card content-block">
                <h2 className="card__title">{block.contenttitle}</h2>
                <RichHtml className="prose" html={block.contentpara} />
              </article>
            ))}
          </div>
        </section>
      ) : null}

      {content.managementlst.length > 0 ? (
        <section className="section">
          <div className="container">
            <h2 className="section__title">Management</h2>
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
                  />
                  <div className="management-entry__body">
                    <h3 className="management-entry__name">{person.mngprofname}</h3>
                    <p className="management-entry__designation">{person.mngdesignation}</p>
                    <RichHtml className="prose" html={person.mngdetails} />
                  </div>
                </article>
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
