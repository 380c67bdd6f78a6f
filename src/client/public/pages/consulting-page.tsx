import { contentPageByKey } from '../../../core/pages';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('consulting');

export default function ConsultingPage({ content }: PageProps<'consulting'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <section className="section">
        <div className="container">
          <h2 className="section__title">What we offer</h2>
          <div className="card-grid">
            {content.sectionlst.map((section, index) => (
              <article key={index} className="card consulting-card">
                <span className="icon-badge">
                  <Icon name={section.icon} />
                </span>
                <p className="card__kicker">{section.title1}</p>
                <h3 className="card__title">{section.title2}</h3>
                <RichHtml className="prose card__text" html={section.data} />
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
