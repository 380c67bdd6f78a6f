import { contentPageByKey } from '../../../core/pages';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('expertise');

export default function ExpertisePage({ content }: PageProps<'expertise'>) {
  return (
    <>
      <PageHero title={page.name} lead="What we know, and the industries we have built software for." />

      {content.description ? (
        <section className="section section--tight">
          <div className="container reading">
            <RichHtml className="prose lead-text" html={content.description} />
          </div>
        </section>
      ) : null}

      {content.sectionlst.length > 0 ? (
        <section className="section section--alt">
          <div className="container">
            <h2 className="section__title">Technologies and practices</h2>
            <div className="card-grid">
              {content.sectionlst.map((section, index) => (
                <article key={index} className="card">
                  <h3 className="card__title">{section.heading}</h3>
                  <ul className="bullet-list">
                    {section.list.map((item, itemIndex) => (
                      <li key={itemIndex}>{item.data}</li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {content.tablelst.length > 0 ? (
        <section className="section">
          <div className="container">
            <h2 className="section__title" id="industry-heading">
              Industry Segment &amp; Bespoke Development
            </h2>
            {/* Focusable and named: on phones the table scrolls sideways inside this region. */}
            <div className="table-scroll" role="region" aria-labelledby="industry-heading" tabIndex={0}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Segment</th>
                    <th scope="col">Product</th>
                  </tr>
                </thead>
                <tbody>
                  {content.tablelst.map((row, index) => (
                    <tr key={index}>
                      <td>{row.segment}</td>
                      <td>{row.product}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
