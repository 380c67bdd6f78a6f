import { CheckList } from '../components/check-list';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { ProseSection, Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';

const MODULE_ICONS = ['chart', 'gauge', 'users'];

export default function Prod2Page({ content, pageName }: PageProps<'prod2'>) {
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} kicker="Our products" />
      <ProseSection band="tight" className="prose lead-text" paragraphs={content.description ? [content.description] : []} fieldOf={() => 'description'} />

      <Section band="alt" title={content.modulehead || 'Modules'} titleField="modulehead" show={content.moduleslst.length > 0}>
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

      <Section layout="reading" title={content.section2head || 'Service Management'} titleField="section2head" show={content.section2lst.length > 0}>
        <CheckList items={content.section2lst.map((item) => item.data2)} fieldOf={(index) => `section2lst.${index}.data2`} />
      </Section>
    </>
  );
}
