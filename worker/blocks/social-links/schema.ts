// The data of the social links blocks (v1, account links and account links v2): profile links by service.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

/** The services a social link may name; each has its icon (icons.tsx). */
export const socialService = z.enum([
  'facebook',
  'instagram',
  'x',
  'twitter',
  'linkedin',
  'youtube',
  'vimeo',
  'pinterest',
  'tiktok',
  'github',
  'mastodon',
  'bandcamp',
  'soundcloud',
  'spotify',
  'email',
  'rss',
]);

export const socialAccount = z.object({ service: socialService, url: href, username: text(100).optional() });
export type SocialService = z.output<typeof socialService>;
export type SocialAccount = z.output<typeof socialAccount>;

export const schema = z.object({ links: z.array(socialAccount).min(1).max(30) });
export type SocialLinksData = z.output<typeof schema>;
