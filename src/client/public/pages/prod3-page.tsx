import { contentPageByKey } from '../../../core/pages';
import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('prod3');

export default function Prod3Page({ content }: PageProps<'prod3'>) {
  return (
    <>
      <PageHero title="InnovoCare" lead={page.description} kicker="Clinic management and EMR" />

      {content.descriptionlst.length > 0 ? (
        <section className="section section--tight">
          <div className="container reading">
            {content.descriptionlst.map((entry, index) => (
              <RichHtml key={index} className="prose" html={entry.descpara} />
            ))}
          </div>
        </section>
      ) : null}

      {content.benefitslst.length > 0 ? (
        <section className="section section--alt">
          <div className="container">
            <h2 className="section__title">Benefits</h2>
            <div className="card-grid">
              {content.benefitslst.map((benefit, index) => (
                <article key={index} className="card">
                  <span className="icon-badge">
                    <Icon name={benefit.icon} />
                  </span>
                  <h3 className="card__title">{benefit.title}</h3>
                  <RichHtml className="prose card__text" html={benefit.data} />
                </article>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      <section className="section">
        <div className="container two-columns">
          <div>
            <h2 className="section__title">Front Office</h2>
            <CheckList items={content.section1lst.map((item) => item.data1)} />
          </div>
          <div>
            <h2 className="section__title">Doctor</h2>
            <CheckList items={content.section2lst.map((item) => item.data2)} />
          </div>
        </div>
      </section>
    </>
  );
}
