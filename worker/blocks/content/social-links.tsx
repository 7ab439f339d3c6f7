// Social links blocks (v1, account links and account links v2): profile links as small icons or as text.
import type { ReactNode } from 'react';
import type { BlockData } from '../../../shared/snapshot/blocks.ts';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';

type Account = BlockData<'social_account_links'>['accounts'][number];
type Service = Account['service'];

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

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Letters drawn for services without a simple shape of their own. */
const GLYPH_TEXT: Partial<Record<Service, string>> = {
  facebook: 'f',
  linkedin: 'in',
  vimeo: 'v',
  pinterest: 'P',
  tiktok: 'T',
  github: 'GH',
  mastodon: 'M',
  bandcamp: 'B',
  soundcloud: 'SC',
  spotify: 'S',
  twitter: 't',
};

/** Simple shapes, drawn in the text colour: recognisable at 20px, a few bytes each, no external requests. */
function glyphShape(service: Service): ReactNode {
  switch (service) {
    case 'instagram':
      return (
        <>
          <rect x="4" y="4" width="16" height="16" rx="4.5" {...stroke} />
          <circle cx="12" cy="12" r="3.6" {...stroke} />
          <circle cx="16.8" cy="7.2" r="1.1" fill="currentColor" />
        </>
      );
    case 'x':
      return <path d="M5 4.5l14 15M19 4.5l-14 15" {...stroke} strokeWidth={2} />;
    case 'youtube':
      return (
        <path
          d="M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9v6l5.2-3z"
          fill="currentColor"
          fillRule="evenodd"
        />
      );
    case 'email':
      return (
        <>
          <rect x="3.5" y="5.5" width="17" height="13" rx="2" {...stroke} />
          <path d="M4 7l8 6 8-6" {...stroke} />
        </>
      );
    case 'rss':
      return (
        <>
          <circle cx="6" cy="18" r="1.8" fill="currentColor" />
          <path d="M4.5 11a8.5 8.5 0 0 1 8.5 8.5M4.5 4.5a15 15 0 0 1 15 15" {...stroke} strokeWidth={2} />
        </>
      );
    default:
      return null;
  }
}

function SocialIcon({ service }: { service: Service }) {
  const glyph = glyphShape(service);
  if (glyph === null) {
    // Letters come from CSS (attr()) rather than text nodes: the link's name is its aria-label, and text inside the
    // link that differs from that name would make the two disagree for speech-input users.
    const letters = GLYPH_TEXT[service] ?? SERVICE_NAMES[service].charAt(0);
    return (
      <span
        className="cb-social-icon cb-social-glyph"
        data-glyph={letters}
        data-long={letters.length > 1 || undefined}
        aria-hidden="true"
      />
    );
  }
  return (
    <svg className="cb-social-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {glyph}
    </svg>
  );
}

function SocialLinkList({
  accounts,
  style,
  alignment,
}: {
  accounts: Account[];
  style: 'icons' | 'text';
  alignment: 'left' | 'center' | 'right';
}) {
  return (
    <ul className={`cb-social cb-social-${style} cb-align-${alignment}`}>
      {accounts.map((account, i) => (
        <li className="cb-social-item" key={`${account.service}-${i}`}>
          {style === 'icons' ? (
            <Link href={account.url} className="cb-social-link" aria-label={linkLabel(account.service)}>
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
}

export function SocialLinksBlock({ data }: BlockProps<'social_links'>) {
  return <SocialLinkList accounts={data.links} style="icons" alignment="left" />;
}

export function SocialAccountLinksBlock({ data }: BlockProps<'social_account_links'>) {
  return <SocialLinkList accounts={data.accounts} style="icons" alignment="left" />;
}

export function SocialAccountLinksV2Block({ data }: BlockProps<'social_account_links_v2'>) {
  return <SocialLinkList accounts={data.accounts} style={data.style} alignment={data.alignment} />;
}
