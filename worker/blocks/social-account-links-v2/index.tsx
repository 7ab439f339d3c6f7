// Block type 54, social account links v2: the site's accounts as icons or as text, aligned (the social links list).
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { alignment } from '../parts/schema.ts';
import { socialAccount } from '../social-links/schema.ts';
import { SocialLinkList } from '../social-links/social-links.tsx';
import { styles } from '../social-links/styles.ts';

const schema = z.object({
  accounts: z.array(socialAccount).min(1).max(30),
  style: z.enum(['icons', 'text']).default('icons'),
  alignment: alignment.default('center'),
});
type SocialAccountLinksV2Data = z.output<typeof schema>;

function SocialAccountLinksV2Block({ data }: BlockProps<SocialAccountLinksV2Data>) {
  return <SocialLinkList accounts={data.accounts} style={data.style} alignment={data.alignment} />;
}

export default defineBlock({ code: 54, name: 'social_account_links_v2', schema, Component: SocialAccountLinksV2Block, styles });
