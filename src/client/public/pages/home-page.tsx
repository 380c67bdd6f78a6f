import { Carousel } from '../components/carousel';
import { Icon } from '../components/icon';
import { IconCardGrid } from '../components/icon-card-grid';
import { RichHtml } from '../components/rich-html';
import { Section, TitledText } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { siteHref, useSiteLinks } from '../site-links';
import { useSay } from '../site-words';

export default function HomePage({ content, company }: PageProps<'home'>) {
  const mark = useFieldMark();
  const links = useSiteLinks();
  const say = useSay();
  return (
    <>
      <h1 className="visually-hidden">{company.name}</h1>
      <Carousel slides={content.slideList} label={say('carousel.name')} listField="slideList" priorityFirst />

      <Section>
        <RichHtml
          as="h2"
          className="section__title section__title--center"
          html={content.exprtshead}
          field="exprtshead"
        />
        <IconCardGrid
          className="expertise-grid"
          cardClassName="expertise-card card"
          cards={content.expertiseList.map((item, index) => ({
            icon: item.exprtsIcon,
            title: item.exprtsHeading,
            html: item.exprtsParagraph,
            fields: {
              icon: `expertiseList.${index}.exprtsIcon`,
              title: `expertiseList.${index}.exprtsHeading`,
              html: `expertiseList.${index}.exprtsParagraph`,
            },
          }))}
        />
      </Section>

      <Section band="alt" layout="home-columns">
        <div className="home-column">
          <RichHtml as="h2" className="home-column__title" html={content.skillhead} field="skillhead" />
          <ul className="skills" role="list">
            {content.skillList.map((skill, index) => (
              <li key={index} className="skill">
                <div className="skill__label">
                  <span {...mark(`skillList.${index}.skillName`)}>{skill.skillName}</span>
                  <span className="skill__value" {...mark(`skillList.${index}.skillValue`)}>
                    {skill.skillValue}%
                  </span>
                </div>
                <div
                  className="skill-bar"
                  role="progressbar"
                  aria-valuenow={skill.skillValue}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={skill.skillName}
                  {...mark(`skillList.${index}.skillValue`)}
                >
                  <div className="skill-bar__fill" style={{ width: `${skill.skillValue}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="home-column">
          <RichHtml as="h2" className="home-column__title" html={content.abouthead} field="abouthead" />
          {content.abtLst.map((para, index) => (
            <RichHtml
              key={index}
              className="prose home-about__para"
              html={para.homeAbtPara}
              field={`abtLst.${index}.homeAbtPara`}
            />
          ))}
          <a className="text-link" href={siteHref(links, '/About1')}>
            {say('home.readMore')}
            <span className="visually-hidden"> {say('home.readMoreAloud')}</span>
            <Icon name="chevron-right" />
          </a>
        </div>

        <div className="home-column">
          <RichHtml as="h2" className="home-column__title" html={content.newshead} field="newshead" />
          <ul className="news-list" role="list">
            {content.newsList.map((item, index) => (
              <TitledText
                key={index}
                as="li"
                className="news-list__item"
                titleAs="h3"
                titleClassName="news-list__title"
                title={item.newsTitle}
                titleField={`newsList.${index}.newsTitle`}
                html={item.newsDescription}
                htmlField={`newsList.${index}.newsDescription`}
              />
            ))}
          </ul>
          <a className="text-link" href={siteHref(links, '/News1')}>
            {say('home.allNews')}
            <span className="visually-hidden"> {say('home.allNewsAloud', { company: company.name })}</span>
            <Icon name="chevron-right" />
          </a>
        </div>
      </Section>
    </>
  );
}
