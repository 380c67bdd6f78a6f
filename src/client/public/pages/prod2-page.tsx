import { contentPageByKey } from '../../../core/pages';
import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('prod2');
const MODULE_ICONS = ['chart', 'gauge', 'users'];

export default function Prod2Page({ content }: PageProps<'prod2'>) {
  return (
    <>
      <PageHero title={page.name} kicker="Our products" />

      {content.description ? (
        <section className="section section--tight">
          <div className="container reading">
            <RichHtml className="prose lead-text" html={content.description} />
          </div>
        </section>
      ) : null}

      {content.moduleslst.length > 0 ? (
        <section className="section section--alt">
          <div className="container">
            <h2 className="section__title">{content.modulehead || 'Modules'}</h2>
            <ul className="card-grid" role="list">
              {content.moduleslst.map((module, index) => (
                <li key={index} className="card module-card">
                  <span className="icon-badge">
                    <Icon name={MODULE_ICONS[index % MODULE_ICONS.length] ?? 'sparkle'} />
                  </span>
                  <p className="module-card__text">{module.moduledata}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {content.section2lst.length > 0 ? (
        <section className="section">
          <div className="container reading">
            <h2 className="section__title">{content.section2head || 'Service Management'}</h2>
            <CheckList items={content.section2lst.map((item) => item.data2)} />
          </div>
        </section>
      ) : null}
    </>
  );
}
