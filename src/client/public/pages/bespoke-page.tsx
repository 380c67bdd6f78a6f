import { Carousel } from '../components/carousel';
import { PageHero } from '../components/page-hero';
import { ProseSection } from '../components/section';
import type { PageProps } from '../public-types';

export default function BespokePage({ content, pageName }: PageProps<'bespoke'>) {
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Carousel slides={content.slidelst} label="Highlights" listField="slidelst" priorityFirst />
      <ProseSection
        className="prose bespoke-block"
        paragraphs={content.bespokelst.map((entry) => entry.bespokepara)}
        fieldOf={(index) => `bespokelst.${index}.bespokepara`}
      />
    </>
  );
}
