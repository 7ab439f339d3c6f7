// Blocks of the commerce e-mail preview: the footer with the sender's address, and the view-in-browser link.
import type { BlockProps } from '../types.ts';

/** Where the footer's unsubscribe link leads: the NEWSLETTER_UNSUBSCRIBE page. */
const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

export function EmailFooterBlock({ data }: BlockProps<'email_footer'>) {
  // Not a <footer>: outside an article or section it would be a second contentinfo landmark on the page.
  return (
    <div className="cb-email-footer">
      {data.address && (
        <address className="cb-email-address">
          {data.address.split(/\r?\n/).map((line, i, lines) => (
            <span key={i}>
              {line}
              {i < lines.length - 1 && <br />}
            </span>
          ))}
        </address>
      )}
      <p className="cb-email-unsubscribe">
        <a href={UNSUBSCRIBE_PATH}>{data.unsubscribeText || 'Unsubscribe'}</a>
      </p>
    </div>
  );
}

export function InBrowserMessageLinkBlock({ data }: BlockProps<'in_browser_message_link'>) {
  return (
    <p className="cb-email-browser-link">
      <a href="/">{data.text || 'View this email in your browser'}</a>
    </p>
  );
}
