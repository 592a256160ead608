import { useEffect, useState } from 'react';
import styles from './staging-banner.module.css';

/**
 * Decision 031: a production-mode site that runs the sandbox gateway (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION, a
 * staging site) says so at the top of every page, public, signed-in and back office. The API's health answer
 * tells (not a build flag: the same build runs everywhere).
 */
export function StagingBanner() {
  const [staging, setStaging] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/v3/health', { cache: 'no-store', signal: abort.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ staging?: boolean }>) : null))
      .then((body) => setStaging(body?.staging === true))
      .catch(() => {});
    return () => abort.abort();
  }, []);
  if (!staging) return null;
  // A named region (issue 27): it sits above every page's landmarks, and axe wants all content in one.
  return (
    <section aria-label="Staging site">
      <p className={styles.banner} role="note" data-testid="staging-banner">
        Staging site: payments here are not real. No card is charged and nothing is paid for.
      </p>
    </section>
  );
}
