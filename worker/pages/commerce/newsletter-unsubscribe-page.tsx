// The NEWSLETTER_UNSUBSCRIBE page: confirms that the address from ?email= should leave the site's newsletter.
import { useRender } from '../../render/context.tsx';

// RFC 5321 caps an address at 254 characters; a longer value is not an address to prefill.
const MAX_EMAIL_LENGTH = 254;

export function NewsletterUnsubscribeBody() {
  const { site, url } = useRender();
  const raw = url.searchParams.get('email')?.trim() ?? '';
  const email = raw.length <= MAX_EMAIL_LENGTH ? raw : '';
  return (
    <div className="commerce-page commerce-unsubscribe">
      <h1 className="commerce-title">Unsubscribe</h1>
      <p className="commerce-intro">
        {email ? (
          <>
            Confirm that <strong className="commerce-break">{email}</strong> should no longer receive the {site.website.title} newsletter.
          </>
        ) : (
          <>Enter your e-mail address to stop receiving the {site.website.title} newsletter.</>
        )}
      </p>
      <form className="commerce-unsubscribe-form" method="post" action="/newsletter/unsubscribe" data-island="newsletter-unsubscribe">
        <div className="commerce-field">
          <label htmlFor="unsubscribe-email">Email address</label>
          <input id="unsubscribe-email" name="email" type="email" autoComplete="email" required defaultValue={email} />
        </div>
        <button type="submit" className="commerce-button commerce-button-block">
          Unsubscribe
        </button>
      </form>
      <p className="commerce-small">
        <a href="/">Return to {site.website.title}</a>
      </p>
    </div>
  );
}
