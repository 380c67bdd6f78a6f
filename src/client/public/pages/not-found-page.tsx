import { PageHero } from '../components/page-hero';
import { useSay } from '../site-words';

export default function NotFoundPage() {
  const say = useSay();
  return (
    <>
      <PageHero title={say('notFound.title')} />
      <section className="section">
        <div className="container reading not-found">
          <p className="lead-text">{say('notFound.lead')}</p>
          <p className="not-found__links">
            <a className="button" href="/Home1">
              {say('notFound.home')}
            </a>
            <a className="button button--outline" href="/Contact1">
              {say('notFound.contact')}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
