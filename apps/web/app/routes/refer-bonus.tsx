import { useEffect, useRef } from 'react';
import { Navigate, useMatches, useNavigate } from 'react-router';
import { useUpdateMe } from '../features/account/api/update-me.ts';
import { ReferBonusDialog } from '../features/account/components/refer-bonus-dialog.tsx';
import { useMe } from '../lib/current-user.ts';

export function meta() {
  return [{ title: 'Welcome — Geekly' }];
}

/** /orders/refer-bonus and /subscription/refer-bonus (docs/product/public-site.md, docs/product/account.md): shown over the page, once. */
export default function ReferBonusRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const parent = useMatches().some((m) => m.id === 'subscription-refer-bonus') ? '/subscription' : '/orders';
  const update = useUpdateMe();
  const marked = useRef(false);
  const user = me.data;
  const applies = user?.isReferBonusFlow === true && !user.isReferralAbuser;
  const shown = user?.userdef.isReferBonusShown === true;
  useEffect(() => {
    if (applies && !marked.current && !shown) {
      marked.current = true;
      update.mutate({ userdef: { isReferBonusShown: true } });
    }
  }, [applies, shown, update]);
  if (!user) return null;
  if (!applies) return <Navigate to={parent} replace />;
  return <ReferBonusDialog onClose={() => navigate(parent, { replace: true })} />;
}
