import { Carousel } from '../components/carousel';
import { Icon } from '../components/icon';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

export default function HomePage({ content }: PageProps<'home'>) {
  return (
    <>
      <h1 className="visually-hidden">Innovo Software – bespoke software, CRM and clinic software</h1>
      <Carousel slides={content.slideList} label="Highlights" priorityFirst />

      <section className="section">
        <div className="container">
          <RichHtml as="h2" className="section__title section__title--center" html={content.exprtshead} />
          <div className="expertise-grid">
            {content.expertiseList.map((item, index) => (
              <article key={index} className="expertise-card card">
                <span className="icon-badge">
                  <Icon name={item.exprtsIcon} />
                </span>
                <h3 className="card__title">{item.exprtsHeading}</h3>
                <RichHtml className="prose card__text" html={item.exprtsParagraph} />
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--alt">
        <div className="container home-columns">
          <div className="home-column">
            <RichHtml as="h2" className="home-column__title" html={content.skillhead} />
            <ul className="skills" role="list">
              {content.skillList.map((skill, index) => (
                <li key={index} className="skill">
                  <div className="skill__label">
                    <span>{skill.skillName}</span>
                    <span className="skill__value">{skill.skillValue}%</span>
                  </div>
                  <div
                    className="skill-bar"
                    role="progressbar"
                    aria-valuenow={skill.skillValue}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={skill.skillName}
                  >
                    <div className="skill-bar__fill" style={{ width: `${skill.skillValue}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <div className="home-column">
            <RichHtml as="h2" className="home-column__title" html={content.abouthead} />
            {content.abtLst.map((para, index) => (
              <RichHtml key={index} className="prose home-about__para" html={para.homeAbtPara} />
            ))}
            <a className="text-link" href="/About1">
              Read more<span className="visually-hidden"> about us</span>
              <Icon name="chevron-right" />
            </a>
          </div>

          <div className="home-column">
            <RichHtml as="h2" className="home-column__title" html={content.newshead} />
            <ul className="news-list" role="list">
              {content.newsList.map((item, index) => (
                <li key={index} className="news-list__item">
                  <h3 className="news-list__title">{item.newsTitle}</h3>
                  <RichHtml className="prose" html={item.newsDescription} />
                </li>
              ))}
            </ul>
            <a className="text-link" href="/News1">
              All news<span className="visually-hidden"> from Innovo</span>
              <Icon name="chevron-right" />
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
