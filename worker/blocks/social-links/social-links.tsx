// Profile links as small icons or as text: the social links block, and the list the account links blocks draw too.
import { Island } from '../../kit/island.tsx';
import { Link } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { SocialIcon } from './icons.tsx';
import type { SocialAccount, SocialLinksData } from './schema.ts';
import { socialTooltipsIsland } from './social-tooltips.view.tsx';

type Service = SocialAccount['service'];

const SERVICE_NAMES: Record<Service, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  github: 'GitHub',
  mastodon: 'Mastodon',
  bandcamp: 'Bandcamp',
  soundcloud: 'SoundCloud',
  spotify: 'Spotify',
  email: 'Email',
  rss: 'RSS',
};

/** The accessible name of an icon-only link. */
function linkLabel(service: Service): string {
  if (service === 'email') return 'Send an email';
  if (service === 'rss') return 'RSS feed';
  return `${SERVICE_NAMES[service]} profile`;
}

export function SocialLinkList({
  accounts,
  style,
  alignment,
}: {
  accounts: SocialAccount[];
  style: 'icons' | 'text';
  alignment: 'left' | 'center' | 'right';
}) {
  const list = (
    <ul className={`cb-social cb-social-${style} cb-align-${alignment}`}>
      {accounts.map((account, i) => (
        <li className="cb-social-item" key={`${account.service}-${i}`}>
          {style === 'icons' ? (
            <Link
              href={account.url}
              className="cb-social-link"
              aria-label={linkLabel(account.service)}
              data-tooltip={SERVICE_NAMES[account.service]}
            >
              <SocialIcon service={account.service} />
            </Link>
          ) : (
            <Link href={account.url} className="cb-social-link">
              <SocialIcon service={account.service} />
              <span className="cb-social-name">{SERVICE_NAMES[account.service]}</span>
              {account.username && <span className="cb-social-user">{account.username}</span>}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
  if (style !== 'icons') return list;
  // icons show no words: a mouse that rests on one gets the service's name in a tooltip (§9)
  return (
    <div className="cb-social-tooltips">
      {list}
      <Island island={socialTooltipsIsland} props={{}} when="idle" />
    </div>
  );
}

export function SocialLinksBlock({ data }: BlockProps<SocialLinksData>) {
  return <SocialLinkList accounts={data.links} style="icons" alignment="left" />;
}
