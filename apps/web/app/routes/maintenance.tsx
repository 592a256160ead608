import s from './status-page.module.css';

export function meta() {
  return [{ title: 'Scheduled maintenance — Geekly' }, { name: 'robots', content: 'noindex' }];
}

/** docs/product/public-site.md: always visible; docs/product/public-site.md sends a 5xx here when the health check passes. */
export default function Maintenance() {
  return (
    <main className={s.page}>
      <h1 className={s.code}>Ooops</h1>
      <p className={s.text}>Hang in there, we're down for scheduled maintenance right now. Be back soon!</p>
    </main>
  );
}
