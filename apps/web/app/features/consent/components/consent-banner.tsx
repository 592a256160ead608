import { needsConsentBanner } from '@geekly/domain/consent/consent-countries.ts';
import {
  acceptAllConsent,
  CONSENT_CATEGORIES,
  type ConsentCategoryId,
  type ConsentMode,
  type ConsentSelection,
  consentModeFor,
  declineConsent,
  selectionFor,
} from '@geekly/domain/consent/consent-mode.ts';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { readStoredConsent } from '../../../lib/analytics.ts';
import { getGeo } from '../api/get-geo.ts';
import { onOpenConsentPreferences, saveConsent } from '../consent-storage.ts';
import s from './consent-banner.module.css';

type View = 'hidden' | 'first' | 'preferences';

const NOTHING_OPTIONAL: ConsentSelection = selectionFor(declineConsent());

/**
 * docs/product/public-site.md: shown only when no consent is stored and the visitor's country is in the list. Not a modal:
 * the page stays usable, and nothing optional is recorded until the visitor chooses. `country`, when the caller
 * already asked GET /geo (the public pages' islands, decision 033), saves asking again.
 */
export function ConsentBanner({ country }: { country?: string | null } = {}) {
  const [view, setView] = useState<View>('hidden');
  const [selection, setSelection] = useState<ConsentSelection>(NOTHING_OPTIONAL);
  const titleId = useId();

  useEffect(() => {
    let active = true;
    const stop = onOpenConsentPreferences(() => {
      const stored = readStoredConsent();
      setSelection(stored ? selectionFor(stored) : NOTHING_OPTIONAL);
      setView('preferences');
    });
    if (readStoredConsent() === null) {
      (country === undefined ? getGeo() : Promise.resolve({ country_code: country }))
        .then(({ country_code }) => {
          if (active && needsConsentBanner(country_code) && readStoredConsent() === null) {
            setView((v) => (v === 'hidden' ? 'first' : v));
          }
        })
        .catch(() => {});
    }
    return () => {
      active = false;
      stop();
    };
  }, [country]);

  if (view === 'hidden') return null;

  const choose = (mode: ConsentMode) => {
    saveConsent(mode);
    setView('hidden');
  };
  const toggle = (id: ConsentCategoryId, on: boolean) => setSelection((sel) => ({ ...sel, [id]: on }));

  return (
    <section className={s.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.title}>
        We value your privacy
      </h2>
      <p className={s.text}>
        We use cookies to keep Geekly working and, if you allow it, to understand how the site is used and to
        personalise offers.
      </p>
      {view === 'preferences' ? (
        <>
          <fieldset className={s.categories}>
            <legend className="visually-hidden">Cookie categories</legend>
            {CONSENT_CATEGORIES.map((c) => (
              <label key={c.id} className={s.category}>
                <input
                  type="checkbox"
                  checked={c.required || selection[c.id]}
                  disabled={c.required}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <span>
                  <span className={s.categoryName}>{c.label}</span>
                  <span className={s.categoryText}>{c.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Link to="/cookie-policy" className={s.details}>
            Show details
          </Link>
          <div className={s.actions}>
            <Button type="button" variant="secondary" onClick={() => choose(consentModeFor(selection))}>
              Allow selection
            </Button>
            <Button type="button" variant="secondary" onClick={() => choose(declineConsent())}>
              Decline
            </Button>
            <Button type="button" onClick={() => choose(acceptAllConsent())}>
              Allow all
            </Button>
          </div>
        </>
      ) : (
        <div className={s.actions}>
          <Button type="button" variant="secondary" onClick={() => setView('preferences')}>
            Preferences
          </Button>
          <Button type="button" variant="secondary" onClick={() => choose(declineConsent())}>
            Decline
          </Button>
          <Button type="button" onClick={() => choose(acceptAllConsent())}>
            Accept
          </Button>
        </div>
      )}
    </section>
  );
}
