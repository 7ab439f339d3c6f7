// Beta features (§3, §4) and their panel (§2: toggles grouped under General, i18n, Commerce and Developers), opened
// on any site page with ?betaFeatures in its URL. Each feature a published site has says what it changes; the editor's
// are shown switched off and cannot be switched here. Loaded on demand, so pages that do not ask for it never download it;
// what it needs of the runtime (the dialog stack, next-load actions) is handed to it rather than imported, so the
// runtime stays one module. Saving writes and expires the cookies (§4) and reloads the page without the query, where
// a next-load action confirms the change.
import { BETA_FEATURE_GROUPS, betaCookieChanges, enabledBetaFeatures } from '../../shared/beta-features.ts';
import type { OpenDialog } from './dialogs.ts';

export const BETA_SAVED = { title: 'Beta Features', message: 'Your beta features were saved for this browser.' } as const;

/** Beta cookies are per browser and last a year. */
const BETA_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface BetaPanelRuntime {
  registerDialog(dialog: OpenDialog): () => void;
  runOnNextLoad(name: string, args?: unknown): void;
  readCookies(): Record<string, string>;
  writeCookie(name: string, value: string, options?: { maxAgeSeconds?: number }): void;
  /** the context's betaFeatureFlags */
  flags: readonly string[];
}

/** §4: the enabled set: cookies equal to 'true', plus the context's betaFeatureFlags. */
export const betaFeatures = (rt: BetaPanelRuntime): Set<string> => enabledBetaFeatures(rt.readCookies(), rt.flags);

/** §4: newly enabled keys get a 'true' cookie, removed keys' cookies expire. */
export function setBetaFeatures(rt: BetaPanelRuntime, keys: Iterable<string>): void {
  const { write, expire } = betaCookieChanges(betaFeatures(rt), new Set(keys));
  for (const key of write) rt.writeCookie(key, 'true', { maxAgeSeconds: BETA_COOKIE_MAX_AGE });
  for (const key of expire) rt.writeCookie(key, '', { maxAgeSeconds: 0 });
}

export function openBetaPanel(rt: BetaPanelRuntime): void {
  const enabled = betaFeatures(rt);
  const dialog = document.createElement('dialog');
  dialog.className = 'site-dialog site-beta-panel';
  dialog.setAttribute('aria-labelledby', 'site-beta-title');
  const form = document.createElement('form');
  form.method = 'dialog';
  form.innerHTML = '<h2 id="site-beta-title">Beta Features</h2><p>Switch features on or off for this browser only.</p>';
  for (const group of BETA_FEATURE_GROUPS) {
    const set = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = group.label;
    set.append(legend);
    for (const feature of group.features) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = feature.cookieKey;
      box.checked = enabled.has(feature.cookieKey);
      // a feature of the editor, which a published site has nothing of: shown, and not offered (its cookie is kept)
      box.disabled = !feature.here;
      const text = document.createElement('span');
      text.textContent = feature.title;
      const about = document.createElement('small');
      about.textContent = feature.here ?? `${feature.description} Not available on this site.`;
      label.append(box, ' ', text, about);
      set.append(label);
    }
    form.append(set);
  }
  const row = document.createElement('div');
  row.className = 'site-dialog-buttons';
  row.innerHTML = `<button type="button" class="secondary" value="cancel">Cancel</button><button type="submit">Save</button>`;
  form.append(row);
  dialog.append(form);
  let unregister = () => {};
  const handle: OpenDialog = {
    element: dialog,
    close() {
      unregister();
      dialog.close();
      dialog.remove();
    },
  };
  row.querySelector('button.secondary')!.addEventListener('click', () => handle.close('cancel'));
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    handle.close('cancel');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const keep = new Set(enabled);
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
      if (box.checked) keep.add(box.name);
      else keep.delete(box.name);
    }
    setBetaFeatures(rt, keep);
    rt.runOnNextLoad('information', BETA_SAVED);
    handle.close('confirm');
    const url = new URL(location.href);
    url.searchParams.delete('betaFeatures');
    location.replace(url.pathname + url.search + url.hash);
  });
  document.body.append(dialog);
  dialog.showModal();
  unregister = rt.registerDialog(handle);
}
