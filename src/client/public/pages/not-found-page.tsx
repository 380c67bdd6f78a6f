import { PageHero } from '../components/page-hero';

export default function NotFoundPage() {
  return (
    <>
      <PageHero title="Page not found" />
      <section className="section">
        <div className="container reading not-found">
          <p className="lead-text">The page you asked for does not exist or has moved.</p>
          <p className="not-found__links">
            <a className="button" href="/Home1">
              Go to the home page
            </a>
            <a className="button button--outline" href="/Contact1">
              Contact us
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
