// The mark of every service the social links blocks support, drawn for this runtime on a 24-unit grid in the text
// colour: simple shapes a visitor recognises at 20 px, a few hundred bytes each, no request to anyone.
import type { ReactNode } from 'react';
import type { SocialService } from './schema.ts';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const fill = { fill: 'currentColor' } as const;

/**
 * One drawing per service: the Record makes a service without an icon a compile error. Functions, so no element is
 * created when the module loads (publish:site loads the blocks without React).
 */
export const SOCIAL_ICONS: Record<SocialService, () => ReactNode> = {
  facebook: () => (
    <>
      <circle cx="12" cy="12" r="8.6" {...stroke} />
      <path d="M15.2 8.1h-1.4a2.3 2.3 0 0 0-2.3 2.3v10.1M9.2 13.1h5.4" {...stroke} />
    </>
  ),
  instagram: () => (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" {...stroke} />
      <circle cx="12" cy="12" r="3.6" {...stroke} />
      <circle cx="16.8" cy="7.2" r="1.1" {...fill} />
    </>
  ),
  x: () => <path d="M5 4.5l14 15M19 4.5l-14 15" {...stroke} strokeWidth={2} />,
  twitter: () => (
    <path
      d="M21 6.6c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9a3.6 3.6 0 0 0-6.2 3.3C9 9.2 6.4 7.8 4.6 5.6c-1 1.7-.5 3.8 1.1 4.9-.6 0-1.1-.2-1.6-.4 0 1.7 1.2 3.2 2.9 3.6-.5.1-1.1.2-1.6.1.5 1.4 1.8 2.5 3.4 2.5A7.3 7.3 0 0 1 3 17.8a10.3 10.3 0 0 0 15.9-8.7v-.5c.8-.6 1.5-1.2 2.1-2z"
      {...fill}
    />
  ),
  linkedin: () => (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" {...stroke} />
      <circle cx="8.2" cy="8.1" r="1.2" {...fill} />
      <path d="M8.2 11v5.8M11.8 16.8V11M11.8 13.6a2.4 2.4 0 0 1 4.8 0v3.2" {...stroke} />
    </>
  ),
  youtube: () => (
    <path d="M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9v6l5.2-3z" {...fill} fillRule="evenodd" />
  ),
  vimeo: () => (
    <path
      d="M3.5 9.2l1.4-1c1.3-.9 2.2-.2 2.6 1.3l1.6 6.6c.5 1.9 1.3 2.2 2.5.9 2.6-2.9 5.9-7.6 6.6-10 .6-2.1-1.6-3-3.8-1"
      {...stroke}
      strokeWidth={2}
    />
  ),
  pinterest: () => (
    <>
      <circle cx="12" cy="12" r="8.6" {...stroke} />
      <path
        d="M9.3 13.6c-.9-2.9 1-5.7 3.6-5.7 2.2 0 3.5 1.4 3.5 3.3 0 2.4-1.4 4.3-3.3 4.3-1 0-1.6-.6-1.4-1.5M12.3 10.1L10 20.3"
        {...stroke}
      />
    </>
  ),
  tiktok: () => <path d="M13.8 3.8v11.5a3.6 3.6 0 1 1-3.6-3.6M13.8 3.8c.4 2.6 2.3 4.4 5 4.6" {...stroke} strokeWidth={2} />,
  github: () => (
    <path
      d="M9 20.2v-2.6c-3.3.7-3.9-1.6-3.9-1.6M15 20.2v-2.9c0-.9-.3-1.5-.8-1.9 2.6-.3 5.1-1.3 5.1-5.6a4.4 4.4 0 0 0-1.2-3 4 4 0 0 0-.1-3s-1-.3-3.2 1.2a11 11 0 0 0-5.8 0C6.8 3 5.8 3.3 5.8 3.3a4 4 0 0 0-.1 3 4.4 4.4 0 0 0-1.2 3c0 4.3 2.5 5.3 5.1 5.6-.5.4-.7 1-.7 1.9"
      {...stroke}
    />
  ),
  mastodon: () => (
    <>
      <path
        d="M19.6 12.4V9.1c0-3-2.2-4.8-5-5.1a24 24 0 0 0-5.2 0c-2.8.3-5 2.1-5 5.1 0 4.6 0 8 2.7 9.6 1.7 1 4.3 1.2 7.4.7M19.6 12.4c0 2.1-2 3.5-4.5 3.8-1.8.2-3.6.1-5.1-.3"
        {...stroke}
      />
      <path d="M8.3 12.8V9.7a1.8 1.8 0 0 1 3.7 0v2.1M12 11.8V9.7a1.8 1.8 0 0 1 3.7 0v3.1" {...stroke} />
    </>
  ),
  bandcamp: () => <path d="M2.8 17.5L8.9 6.5H21.2l-6.1 11z" {...fill} />,
  soundcloud: () => (
    <>
      <path d="M10.5 17.5V8.6a5 5 0 0 1 8.6 3.1 2.9 2.9 0 0 1 .9 5.8z" {...fill} />
      <path d="M2.8 14.2v3M5.4 11.6v5.9M8 9.6v7.9" {...stroke} strokeWidth={1.7} />
    </>
  ),
  spotify: () => (
    <>
      <circle cx="12" cy="12" r="8.6" {...stroke} />
      <path d="M7.3 9.6c3.3-1 6.9-.7 9.7.9M7.9 12.8c2.7-.8 5.5-.5 7.7.8M8.5 15.8c2.1-.5 4-.3 5.7.6" {...stroke} />
    </>
  ),
  email: () => (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" {...stroke} />
      <path d="M4 7l8 6 8-6" {...stroke} />
    </>
  ),
  rss: () => (
    <>
      <circle cx="6" cy="18" r="1.8" {...fill} />
      <path d="M4.5 11a8.5 8.5 0 0 1 8.5 8.5M4.5 4.5a15 15 0 0 1 15 15" {...stroke} strokeWidth={2} />
    </>
  ),
};

/** A service's icon at 20 px; decorative: the link carries the name. */
export function SocialIcon({ service }: { service: SocialService }) {
  return (
    <svg
      className={`cb-social-icon cb-social-icon-${service}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {SOCIAL_ICONS[service]()}
    </svg>
  );
}
