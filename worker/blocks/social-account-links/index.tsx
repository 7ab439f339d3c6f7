// Block type 48, social account links: the site's accounts as icon links (the social links list).
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { socialAccount } from '../social-links/schema.ts';
import { SocialLinkList } from '../social-links/social-links.tsx';
import { styles } from '../social-links/styles.ts';

const schema = z.object({ accounts: z.array(socialAccount).min(1).max(30) });
type SocialAccountLinksData = z.output<typeof schema>;

function SocialAccountLinksBlock({ data }: BlockProps<SocialAccountLinksData>) {
  return <SocialLinkList accounts={data.accounts} style="icons" alignment="left" />;
}

export default defineBlock({ code: 48, name: 'social_account_links', schema, Component: SocialAccountLinksBlock, styles });
