// Whether a beta feature is on in this browser (§4 Beta features: its cookie equals 'true', or the page context's
// betaFeatureFlags name it), for the islands whose behaviour a feature changes. Apart from shared/beta-features.ts,
// which only the panel's chunk loads, so that no page downloads that module twice.
import { readCookie } from '../lib/cookies.ts';
import { readPageContext } from '../lib/page-context.ts';

export const betaEnabled = (key: string): boolean =>
  readCookie(key) === 'true' || (readPageContext()?.betaFeatureFlags ?? []).includes(key);
