import { RELEASE_BADGE } from '@geekly/domain/payments/public-promises.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { COMPANY, COMPANY_LINKS, HOW_IT_WORKS_STEPS, LEGAL_LINKS, SOCIAL_LINKS } from './company-info.ts';
import { Dialog } from './dialog.tsx';
import s from './public-footer.module.css';

const CARDS = [
  { name: 'Visa', bg: '#1a1f71', fg: '#fff' },
  { name: 'Mastercard', bg: '#252525', fg: '#fff' },
  { name: 'American Express', short: 'AMEX', bg: '#1f72cd', fg: '#fff' },
  { name: 'Discover', bg: '#fff', fg: '#1b1b33' },
] as const;

function CardLogo({ name, short, bg, fg }: { name: string; short?: string; bg: string; fg: string }) {
  return (
    <svg className={s.card} viewBox="0 0 64 40" role="img" aria-label={name}>
      <rect width="64" height="40" rx="6" fill={bg} stroke="#c7c9d6" />
      {name === 'Mastercard' ? (
        <>
          <circle cx="26" cy="20" r="11" fill="#eb001b" />
          <circle cx="38" cy="20" r="11" fill="#f79e1b" fillOpacity="0.85" />
        </>
      ) : (
        <text
          x="32"
          y="24"
          textAnchor="middle"
          fontSize={(short ?? name).length > 6 ? 9 : 12}
          fontWeight="700"
          fill={fg}
          fontFamily="Arial"
        >
          {short ?? name.toUpperCase()}
        </text>
      )}
    </svg>
  );
}

/**
 * docs/product/public-site.md "Footer": disclaimer, postal address, contact mail, company and resource links, the How it
 * works popup, payment cards, security badges and social links; plus the IP geolocation attribution that
 * DB-IP's licence asks for (decision 004).
 */
export function PublicFooter() {
  const [howOpen, setHowOpen] = useState(false);
  return (
    <footer className={s.footer}>
      <div className={s.grid}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={s.heading}>
            Geekly
          </h2>
          <p className={s.disclaimer}>
            Geeks help you learn; they do not do your work for you. Geekly does not support academic
            dishonesty: a Geek will not write a paper for you to hand in as your own, but may explain the
            topic and suggest books or articles.
          </p>
          <address className={s.address}>
            {COMPANY.addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </address>
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={s.heading}>
            Company
          </h2>
          <ul className={s.links}>
            {COMPANY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={s.linkButton}
                onClick={() => setHowOpen(true)}
                data-island="how-it-works"
              >
                How it works
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={s.heading}>
            Resources
          </h2>
          <ul className={s.links}>
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-pay">
          <h2 id="footer-pay" className={s.heading}>
            Safe payments
          </h2>
          <div className={s.cards}>
            {CARDS.map((c) => (
              <CardLogo key={c.name} {...c} />
            ))}
          </div>
          <ul className={s.badges}>
            <li>
              <svg aria-hidden="true" className={s.badgeIcon} viewBox="0 0 16 16">
                <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
                <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
              Secure checkout: card details go to the payment gateway, never to Geekly
            </li>
            <li>
              <svg aria-hidden="true" className={s.badgeIcon} viewBox="0 0 16 16">
                <path d="M2.5 8.5 6.5 12 13.5 4" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {RELEASE_BADGE}
            </li>
          </ul>
          <ul className={s.social} aria-label="Social media">
            {SOCIAL_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} rel="noopener" className={s.socialLink}>
                  <span aria-hidden="true">{l.short}</span>
                  <span className="visually-hidden">{l.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={s.bottom}>
        <p>© {COMPANY.name}</p>
        <p>
          <a href="https://db-ip.com" rel="noopener">
            IP geolocation by DB-IP
          </a>{' '}
          (
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener license">
            CC BY 4.0
          </a>
          )
        </p>
      </div>
      {howOpen ? <HowItWorksDialog onClose={() => setHowOpen(false)} /> : null}
    </footer>
  );
}

/** docs/product/public-site.md: the footer's How it works popup (also opened by the public pages' islands, decision 033). */
export function HowItWorksDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="How it works" onClose={onClose}>
      <ol className={s.steps}>
        {HOW_IT_WORKS_STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
