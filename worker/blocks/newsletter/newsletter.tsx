// The newsletter block: a sign-up form (email, optionally names) that the client submits, with its thank-you text ready.
import { cx } from '../../../shared/ui/cx.ts';
import type { BlockProps } from '../define.ts';
import type { NewsletterData } from './schema.ts';

export function NewsletterBlock({ data, block }: BlockProps<NewsletterData>) {
  const base = `newsletter-${block.id}`;
  return (
    // §9: the small-container style when the block is under 320px wide, about 3 of 12 columns
    <div className={cx('newsletter-block', block.span <= 3 && 'is-small')} data-island="newsletter" data-block-id={block.id}>
      <div className="newsletter-inner">
        <div className="newsletter-text">
          <h2 className="newsletter-title" id={`${base}-title`}>
            {data.title}
          </h2>
          {data.description && <p className="newsletter-description">{data.description}</p>}
        </div>
        <form className="newsletter-form" noValidate aria-labelledby={`${base}-title`} data-collect-names={String(data.collectNames)}>
          <div className="newsletter-fields">
            {data.collectNames && (
              <>
                <div className="newsletter-field newsletter-field-name">
                  <label className="visually-hidden" htmlFor={`${base}-first`}>
                    First Name
                  </label>
                  <input
                    className="newsletter-input"
                    id={`${base}-first`}
                    name="fname"
                    type="text"
                    autoComplete="given-name"
                    placeholder="First Name"
                  />
                </div>
                <div className="newsletter-field newsletter-field-name">
                  <label className="visually-hidden" htmlFor={`${base}-last`}>
                    Last Name
                  </label>
                  <input
                    className="newsletter-input"
                    id={`${base}-last`}
                    name="lname"
                    type="text"
                    autoComplete="family-name"
                    placeholder="Last Name"
                  />
                </div>
              </>
            )}
            <div className="newsletter-field newsletter-field-email">
              <label className="visually-hidden" htmlFor={`${base}-email`}>
                {data.placeholder}
              </label>
              <input
                className="newsletter-input"
                id={`${base}-email`}
                name="email"
                type="email"
                autoComplete="email"
                placeholder={data.placeholder}
                aria-required="true"
              />
            </div>
            <button type="submit" className="button newsletter-submit">
              {data.buttonText}
            </button>
          </div>
          <p className="newsletter-message" data-form-message="newsletter" role="alert" hidden />
          {data.disclaimer && <p className="newsletter-disclaimer">{data.disclaimer}</p>}
        </form>
        <div className="newsletter-submitted" role="status" hidden>
          <p>{data.postSubmitText}</p>
        </div>
      </div>
    </div>
  );
}
