import { Carousel } from '../components/carousel';
import { PageHero } from '../components/page-hero';
import { ProseSection } from '../components/section';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function BespokePage({ content, pageName }: PageProps<'bespoke'>) {
  const say = useSay();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Carousel slides={content.slidelst} label={say('carousel.name')} listField="slidelst" priorityFirst />
      <ProseSection
        className="prose bespoke-block"
        paragraphs={content.bespokelst.map((entry) => entry.bespokepara)}
        fieldOf={(index) => `bespokelst.${index}.bespokepara`}
      />
    </>
  );
}
