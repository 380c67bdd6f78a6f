import { contentPageByKey } from '../../../core/pages';
import { Carousel } from '../components/carousel';
import { PageHero } from '../components/page-hero';
import { ProseSection } from '../components/section';
import type { PageProps } from '../public-types';

const page = contentPageByKey('bespoke');

export default function BespokePage({ content }: PageProps<'bespoke'>) {
  return (
    <>
      <PageHero title={page.name} lead={page.description} />
      <Carousel slides={content.slidelst} label="Mobile and web applications" priorityFirst />
      <ProseSection className="prose bespoke-block" paragraphs={content.bespokelst.map((entry) => entry.bespokepara)} />
    </>
  );
}
