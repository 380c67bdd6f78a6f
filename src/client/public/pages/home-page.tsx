import { Carousel } from '../components/carousel';
import { Icon } from '../components/icon';
import { IconCardGrid } from '../components/icon-card-grid';
import { RichHtml } from '../components/rich-html';
import { Section, TitledText } from '../components/section';
import type { PageProps } from '../public-types';

export default function HomePage({ content, company }: PageProps<'home'>) {
  return (
    <>
      <h1 className="visually-hidden">{company.name}</h1>
      <Carousel slides={content.slideList} label="Highlights" priorityFirst />

      <Section>
        <RichHtml as="h2" className="section__title section__title--center" html={content.exprtshead} />
        <IconCardGrid
          className="expertise-grid"
          cardClassName="expertise-card card"
          cards={content.expertiseList.map((item) => ({ icon: item.exprtsIcon, title: item.exprtsHeading, html: item.exprtsParagraph }))}
        />
      </Section>

      <Section band="alt" layout="home-columns">
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
              <TitledText
                key={index}
                as="li"
                className="news-list__item"
                titleAs="h3"
                titleClassName="news-list__title"
                title={item.newsTitle}
                html={item.newsDescription}
              />
            ))}
          </ul>
          <a className="text-link" href="/News1">
            All news<span className="visually-hidden"> from {company.name}</span>
            <Icon name="chevron-right" />
          </a>
        </div>
      </Section>
    </>
  );
}
