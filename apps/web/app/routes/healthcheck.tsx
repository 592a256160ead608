import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { checkHealth } from '../lib/health-check.ts';
import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Technical difficulties — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/** docs/product/public-site.md: where a failing health check sends the user; 'Got it!' checks again. */
export default function HealthCheck() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillFailing, setStillFailing] = useState(false);

  const retry = async () => {
    if (checking) return;
    setChecking(true);
    const healthy = await checkHealth();
    setChecking(false);
    if (healthy) navigate('/orders', { replace: true });
    else setStillFailing(true);
  };

  return (
    <main className={s.page}>
      <Dialog title="Technical difficulties" hideTitle onClose={retry}>
        <p className={s.popupText}>
          Sorry! We are experiencing technical difficulties, but we're already working on it. Please try again
          in a few minutes.
        </p>
        <p className={s.popupStatus} role="status">
          {stillFailing && !checking ? 'Still not working. Please try again in a few minutes.' : ''}
        </p>
        <Button type="button" onClick={retry} disabled={checking} aria-busy={checking || undefined}>
          Got it!
        </Button>
      </Dialog>
    </main>
  );
}
