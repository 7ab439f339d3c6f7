// A module of its own, so that only the code that reads them (the beta features panel, the Worker) carries their names:
// the site runtime's shared chunk of shared/cookies.ts stays as small as it was.
/**
 * §9's two platform-version cookies, per browser (set from the beta features panel, Developers): while ops roll a new
 * version of this Worker out gradually, `platform_preview=true` has the browser's requests served by the newer version
 * of the deployment and `platform_previous=true` by the older one (worker/hosting/platform-versions.ts). The preview
 * wins when both are set.
 */
export const PLATFORM_PREVIEW_COOKIE = 'platform_preview';
export const PLATFORM_PREVIOUS_COOKIE = 'platform_previous';
/** What both names start with: a Cookie header without it asks for no version (the Worker's one look at it). */
export const PLATFORM_COOKIE_PREFIX = 'platform_';
