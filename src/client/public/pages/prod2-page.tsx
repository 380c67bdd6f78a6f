import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { ProseSection, Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

const MODULE_ICONS = ['chart', 'gauge', 'users'];

export default function Prod2Page({ content, pageName }: PageProps<'prod2'>) {
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} kicker={say('products.kicker')} />
      <ProseSection
        band="tight"
        className="prose lead-text"
        paragraphs={content.description ? [content.description] : []}
        fieldOf={() => 'description'}
      />

      <Section
        band="alt"
        title={content.modulehead || say('products.modules')}
        titleField="modulehead"
        show={content.moduleslst.length > 0}
      >
        <ul className="card-grid" role="list">
          {content.moduleslst.map((module, index) => (
            <li key={index} className="card module-card">
              <span className="icon-badge">
                <Icon name={MODULE_ICONS[index % MODULE_ICONS.length] ?? 'sparkle'} />
              </span>
              <p className="module-card__text" {...mark(`moduleslst.${index}.moduledata`)}>
                {module.moduledata}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        layout="reading"
        title={content.section2head || say('prod2.service')}
        titleField="section2head"
        show={content.section2lst.length > 0}
      >
        <CheckList
          items={content.section2lst.map((item) => item.data2)}
          fieldOf={(index) => `section2lst.${index}.data2`}
        />
      </Section>
    </>
  );
}
