import { type ReactNode, useEffect, useRef } from 'react';
import s from './reveal.module.css';

/**
 * docs/product/public-site.md: scrolling reveals the how-it-works and always-online blocks. The prerendered page shows
 * them as they are; after hydration a block still below the viewport fades in when it scrolls into view.
 * Nothing moves for visitors who prefer reduced motion.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    el.dataset.reveal = 'waiting';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          el.dataset.reveal = 'shown';
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className ? `${s.reveal} ${className}` : s.reveal}>
      {children}
    </div>
  );
}
