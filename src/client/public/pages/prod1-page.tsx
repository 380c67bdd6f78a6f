import { contentPageByKey } from '../../../core/pages';
import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('prod1');

export default function Prod1Page({ content }: PageProps<'prod1'>) {
  return (
    <>
      <PageHero title={page.name} kicker="Our products" />

      {content.descriptionlst.length > 0 ? (
        <section className="section section--tight">
          <div className="container reading">
            {content.descriptionlst.map((entry, index) => (
              <RichHtml key={index} className="prose" html={entry.descpara} />
            ))}
          </div>
        </section>
      ) : null}

      {content.moduleslst.length > 0 ? (
        <section className="section section--alt">
          <div className="container">
            <h2 className="section__title">{content.modulehead || 'Modules'}</h2>
            <ul className="check-list check-list--columns" role="list">
              {content.moduleslst.map((module, index) => (
                <li key={index}>
                  <Icon name="check" />
                  <span>{module.moduledata}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="section">
        <div className="container">
          <h2 className="section__title">Sales Force Automation</h2>
          {content.section1detail ? <RichHtml className="prose section__intro" html={content.section1detail} /> : null}
          <div className="card-grid">
            {content.section1lst.map((item, index) => (
              <article key={index} className="card">
                <h3 className="card__title">{item.title1}</h3>
                <RichHtml className="prose card__text" html={item.data1} />
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--alt">
        <div className="container">
          <h2 className="section__title">Service Management</h2>
          {content.section2detail ? <RichHtml className="prose section__intro" html={content.section2detail} /> : null}
          <div className="card-grid">
            {content.section2lst.map((item, index) => (
              <article key={index} className="card">
                <h3 className="card__title">{item.title2}</h3>
                <RichHtml className="prose card__text" html={item.data2} />
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container two-columns">
          <div>
            <h2 className="section__title">Architecture</h2>
            <ul className="bullet-list">
              {content.section3lst.map((item, index) => (
                <li key={index}>
                  <RichHtml className="prose" html={item.data3} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="section__title">Benefits</h2>
            <CheckList items={content.section4lst.map((item) => item.data4)} />
          </div>
        </div>
      </section>
    </>
  );
}
