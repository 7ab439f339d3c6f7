// Block type 57, email footer: the sender's address and the unsubscribe link of a commerce e-mail.
import * as z from 'zod';
import { siteOrigin, useRender } from '../../kit/context.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ address: text(500), unsubscribeText: text(200).default('Unsubscribe') });
type EmailFooterData = z.output<typeof schema>;

/** Where the footer's unsubscribe link leads: the NEWSLETTER_UNSUBSCRIBE page. */
const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

function EmailFooterBlock({ data }: BlockProps<EmailFooterData>) {
  // absolute, as every link of an e-mail must be
  const unsubscribe = `${siteOrigin(useRender().site)}${UNSUBSCRIBE_PATH}`;
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
        <a href={unsubscribe}>{data.unsubscribeText || 'Unsubscribe'}</a>
      </p>
    </div>
  );
}

const styles = `
${IN_BLOCK} .cb-email-footer{text-align:center;color:var(--muted);font-size:.85rem;line-height:1.6;padding:1.5rem 0 .5rem;border-top:1px solid var(--border)}
${IN_BLOCK} .cb-email-address{font-style:normal;margin:0 0 .6rem}
${IN_BLOCK} .cb-email-unsubscribe{margin:0}
${IN_BLOCK} .cb-email-footer a{color:var(--muted)}
`;

export default defineBlock({ code: 57, name: 'email_footer', schema, Component: EmailFooterBlock, styles });
