import type { GeekAccount } from '@geekly/domain/workspace/workspace-contract.ts';
import { WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { useOffers, useTakeOffer } from '../features/workspace/api/workspace-queries.ts';
import { OfferCard } from '../features/workspace/components/offer-card.tsx';
import { useNow } from '../features/workspace/components/time-left.ts';
import s from '../features/workspace/components/workspace.module.css';
import { announce } from '../lib/announce.ts';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Offers — Geekly workspace' }];
}

/** /workspace: the open tasks this Geek may take, live; 'Take task' makes one theirs. */
export default function WorkspaceOffers() {
  const geek = useOutletContext<GeekAccount>();
  const offers = useOffers();
  const take = useTakeOffer();
  const navigate = useNavigate();
  const now = useNow();
  // A refused take (409 'Another Geek took this task'): the offer leaves the list, the reason stays in view.
  const [refusal, setRefusal] = useState<{ number: number; text: string } | null>(null);
  // The pressed button left with its offer: the focus goes to the reason instead of the page's start.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  // A new offer arriving live is said to screen-reader users (the list changes without a reload).
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!offers.data) return;
    const ids = new Set(offers.data.map((o) => o._id));
    if (seen.current) {
      const arrived = [...ids].filter((id) => !seen.current?.has(id)).length;
      if (arrived) announce(arrived === 1 ? 'A new offer arrived' : `${arrived} new offers arrived`);
    }
    seen.current = ids;
  }, [offers.data]);

  return (
    <>
      <h1>Offers</h1>
      {!geek.available ? (
        <p className={s.notice}>
          You are Away: no offers reach you. Switch to Available on your{' '}
          <Link className={s.link} to={WORKSPACE_PATHS.profile}>
            profile
          </Link>
          .
        </p>
      ) : (
        <p className={s.muted}>
          Paid tasks in your subjects that no Geek has yet. New ones appear here as they arrive.
        </p>
      )}
      {refusal ? (
        <p role="alert" className={s.alert} tabIndex={-1} ref={refusalRef}>
          Task #{refusal.number}: {refusal.text}
        </p>
      ) : null}
      {offers.isError ? (
        <p role="alert" className={s.alert}>
          The offers could not be loaded.
        </p>
      ) : !offers.data ? (
        <p className={s.muted}>Loading…</p>
      ) : offers.data.length === 0 ? (
        <div className={s.card}>
          <p>No offers right now.</p>
        </div>
      ) : (
        <div className={s.grid}>
          {offers.data.map((o) => (
            <OfferCard
              key={o._id}
              offer={o}
              now={now}
              busy={take.isPending && take.variables === o._id}
              onTake={() => {
                setRefusal(null);
                take.mutate(o._id, {
                  onSuccess: () => {
                    announce(`You took task #${o.number}`);
                    navigate(WORKSPACE_PATHS.task(o._id));
                  },
                  onError: (err) =>
                    setRefusal({
                      number: o.number,
                      text: err instanceof ApiError ? err.text : 'Unknown error',
                    }),
                });
              }}
            />
          ))}
        </div>
      )}
    </>
  );
}
