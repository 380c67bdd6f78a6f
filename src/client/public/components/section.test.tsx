import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconCardGrid } from './icon-card-grid';
import { CardGrid, ProseSection, Section } from './section';

describe('Section', () => {
  it('is a band with a container, an optional h2 and the content', () => {
    expect(
      renderToStaticMarkup(
        <Section band="alt" layout="reading" title="Benefits" titleId="benefits">
          x
        </Section>,
      ),
    ).toBe(
      '<section class="section section--alt"><div class="container reading"><h2 class="section__title" id="benefits">Benefits</h2>x</div></section>',
    );
    expect(renderToStaticMarkup(<Section>x</Section>)).toBe(
      '<section class="section"><div class="container">x</div></section>',
    );
  });

  it('is left out when told so (an empty list)', () => {
    expect(renderToStaticMarkup(<Section show={false}>x</Section>)).toBe('');
    expect(renderToStaticMarkup(<ProseSection paragraphs={[]} />)).toBe('');
  });

  it('shows stored paragraphs in the reading width', () => {
    expect(
      renderToStaticMarkup(<ProseSection band="tight" className="prose lead-text" paragraphs={['<p>One</p>']} />),
    ).toBe(
      '<section class="section section--tight"><div class="container reading"><div class="prose lead-text"><p>One</p></div></div></section>',
    );
  });
});

describe('card grids', () => {
  it('render each card as an article with an h3 title and its text', () => {
    expect(renderToStaticMarkup(<CardGrid cards={[{ title: 'Leads', html: '<p>All of them</p>' }]} />)).toBe(
      '<div class="card-grid"><article class="card"><h3 class="card__title">Leads</h3><div class="prose card__text"><p>All of them</p></div></article></div>',
    );
  });

  it('put a content icon, by its name or another spelling, in a badge above the kicker and title', () => {
    const html = renderToStaticMarkup(
      <IconCardGrid
        cardClassName="card consulting-card"
        cards={[{ icon: ' Doctor ', kicker: 'Care', title: 'Clinics', html: '' }]}
      />,
    );
    expect(html).toMatch(
      /^<div class="card-grid"><article class="card consulting-card"><span class="icon-badge"><svg class="icon"[^>]*aria-hidden="true"[^>]*><path d="M5 3H4v5/,
    );
    expect(html).toContain('</svg></span><p class="card__kicker">Care</p><h3 class="card__title">Clinics</h3>');
  });

  it('fall back to a site icon, then to the sparkle, for other names', () => {
    const mail = renderToStaticMarkup(<IconCardGrid cards={[{ icon: 'email', title: 'Write' }]} />);
    expect(mail).toContain('<rect x="2" y="4" width="20" height="16" rx="2"></rect>');
    const unknown = renderToStaticMarkup(<IconCardGrid cards={[{ icon: 'no-such-icon', title: 'Other' }]} />);
    expect(unknown).toContain('<path d="M11 3c.6 4.6');
  });
});
