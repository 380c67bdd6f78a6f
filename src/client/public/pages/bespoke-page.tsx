import { contentPageByKey } from '../../../core/pages';
import { Carousel } from '../components/carousel';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import type { PageProps } from '../public-types';

const page = contentPageByKey('bespoke');

export default function BespokePage({ content }: PageProps<'bespoke'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <Carousel slides={content.slidelst} label="Mobile and web applications" priorityFirst />
      <section className="section">
        <div className="container reading">
          {content.bespokelst.map((entry, index) => (
            <RichHtml key={index} className="prose bespoke-block" html={entry.bespokepara} />
          ))}
        </div>
      </section>
    </>
  );
}
