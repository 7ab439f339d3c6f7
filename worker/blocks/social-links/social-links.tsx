// Profile links as small icons or as text: the social links block, and the list the account links blocks draw too.
import type { ReactNode } from 'react';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import type { SocialAccount, SocialLinksData } from './schema.ts';

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

export function SocialLinkList({
  accounts,
  style,
  alignment,
}: {
  accounts: SocialAccount[];
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

export function SocialLinksBlock({ data }: BlockProps<SocialLinksData>) {
  return <SocialLinkList accounts={data.links} style="icons" alignment="left" />;
}
