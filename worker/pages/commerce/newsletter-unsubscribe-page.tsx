// The NEWSLETTER_UNSUBSCRIBE page: confirms that the address from ?email= should leave the site's newsletter, and posts
// it to the edge (worker/routes/forms.ts), which answers 303 back here with the outcome (never the address in a URL).
import { UNSUBSCRIBE_OBJECT, UNSUBSCRIBE_PATH } from '../../../shared/form-post.ts';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-values.ts';
import { useRender } from '../../kit/context.tsx';

export function NewsletterUnsubscribeBody() {
  const { site, url, formFlash } = useRender();
  const flash = formFlash?.objectName === UNSUBSCRIBE_OBJECT ? formFlash : undefined;
  const newsletter = `the ${site.website.title} newsletter`;
  if (flash?.kind === 'success') {
    return (
      <div className="commerce-page commerce-unsubscribe">
        <h1 className="commerce-title">Unsubscribed</h1>
        <p className="commerce-intro" role="status">
          {`You will no longer receive ${newsletter}.`}
        </p>
        <p className="commerce-small">
          <a href="/">Return to {site.website.title}</a>
        </p>
      </div>
    );
  }
  const raw = flash?.values?.email?.[0] ?? url.searchParams.get('email')?.trim() ?? '';
  // RFC 5321 caps an address; a longer value is not an address to prefill
  const email = raw.length <= EMAIL_MAX_LENGTH ? raw : '';
  const fromLink = !flash && !!email;
  return (
    <div className="commerce-page commerce-unsubscribe">
      <h1 className="commerce-title">Unsubscribe</h1>
      <p className="commerce-intro">
        {fromLink ? (
          <>
            Confirm that <strong className="commerce-break">{email}</strong> should no longer receive {newsletter}.
          </>
        ) : (
          <>Enter your e-mail address to stop receiving {newsletter}.</>
        )}
      </p>
      <form className="commerce-unsubscribe-form" method="post" action={UNSUBSCRIBE_PATH} noValidate>
        <div className="commerce-form-error" role="alert" id="unsubscribe-error">
          {flash?.message}
        </div>
        <div className="commerce-field">
          <label htmlFor="unsubscribe-email">Email address</label>
          <input
            id="unsubscribe-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            aria-invalid={flash ? true : undefined}
            aria-describedby={flash ? 'unsubscribe-error' : undefined}
            autoFocus={!!flash}
          />
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
