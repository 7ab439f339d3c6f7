// The static and legacy content blocks: server components with no client script, keyed by block name.
import type { BlockGroup } from '../types.ts';
import { HorizontalRuleBlock, QuoteBlock, SpacerBlock } from './basics.tsx';
import { CollectionLinkBlock, IndexBlock, JournalBlock } from './collections.tsx';
import { CommentsBlock } from './comments.tsx';
import { EmailFooterBlock, InBrowserMessageLinkBlock } from './email.tsx';
import { CodeBlock, HtmlBlock, MarkdownBlock } from './html.tsx';
import { FolderBlock, LinkBlock, LogoBlock } from './links.tsx';
import { MenuBlock } from './menu.tsx';
import { NavigationBlock } from './navigation.tsx';
import { OnlineRetailerBlock } from './online-retailer.tsx';
import { InstagramBlock, PhotoCommunityBlock, PhotoSharingBlock } from './photos.tsx';
import { ArchiveBlock, PostsByAuthorBlock, PostsByCategoryBlock, PostsByMonthBlock, PostsByTagBlock } from './posts-by.tsx';
import { RssBlock } from './rss.tsx';
import { SocialAccountLinksBlock, SocialAccountLinksV2Block, SocialLinksBlock } from './social-links.tsx';
import { FoursquareBlock, GeoBlock, TwitterBlock } from './synchronized.tsx';
import { TagCloudBlock } from './tag-cloud.tsx';

export type ContentBlockName =
  | 'navigation'
  | 'html'
  | 'logo'
  | 'twitter'
  | 'journal'
  | 'geo'
  | 'index'
  | 'collection_link'
  | 'link'
  | 'tag_cloud'
  | 'comments'
  | 'folder'
  | 'menu'
  | 'social_links'
  | 'spacer'
  | 'code'
  | 'foursquare'
  | 'instagram'
  | 'posts_by_author'
  | 'posts_by_tag'
  | 'posts_by_category'
  | 'posts_by_month'
  | 'quote'
  | 'photo_community'
  | 'markdown'
  | 'photo_sharing'
  | 'online_retailer'
  | 'horizontal_rule'
  | 'social_account_links'
  | 'rss'
  | 'social_account_links_v2'
  | 'email_footer'
  | 'in_browser_message_link'
  | 'archive';

export const contentBlocks = {
  navigation: NavigationBlock,
  html: HtmlBlock,
  logo: LogoBlock,
  twitter: TwitterBlock,
  journal: JournalBlock,
  geo: GeoBlock,
  index: IndexBlock,
  collection_link: CollectionLinkBlock,
  link: LinkBlock,
  tag_cloud: TagCloudBlock,
  comments: CommentsBlock,
  folder: FolderBlock,
  menu: MenuBlock,
  social_links: SocialLinksBlock,
  spacer: SpacerBlock,
  code: CodeBlock,
  foursquare: FoursquareBlock,
  instagram: InstagramBlock,
  posts_by_author: PostsByAuthorBlock,
  posts_by_tag: PostsByTagBlock,
  posts_by_category: PostsByCategoryBlock,
  posts_by_month: PostsByMonthBlock,
  quote: QuoteBlock,
  photo_community: PhotoCommunityBlock,
  markdown: MarkdownBlock,
  photo_sharing: PhotoSharingBlock,
  online_retailer: OnlineRetailerBlock,
  horizontal_rule: HorizontalRuleBlock,
  social_account_links: SocialAccountLinksBlock,
  rss: RssBlock,
  social_account_links_v2: SocialAccountLinksV2Block,
  email_footer: EmailFooterBlock,
  in_browser_message_link: InBrowserMessageLinkBlock,
  archive: ArchiveBlock,
} satisfies BlockGroup<ContentBlockName>;
