import { useGeo } from '../features/account/api/get-geo.ts';
import s from '../features/account/components/account.module.css';
import { PersonalDataCard } from '../features/account/components/personal-data-card.tsx';
import { ProfileForm } from '../features/account/components/profile-form.tsx';
import { useMe } from '../lib/current-user.ts';
import { useLogOut } from '../lib/log-out.ts';

export function meta() {
  return [{ title: 'My Profile — Geekly' }];
}

/** /profile (docs/product/account.md): the layout has loaded the user; the IP country picks the default phone country. */
export default function ProfileRoute() {
  const me = useMe();
  const geo = useGeo();
  const logOut = useLogOut();
  const user = me.data;
  // The default country needs the IP country only when the user has none stored.
  const ready = user && (user.country !== null || !geo.isPending);
  return (
    <div className={s.page}>
      <h1 className={s.title}>My Profile</h1>
      {ready ? (
        <>
          <ProfileForm
            user={user}
            ipCountry={geo.data?.country_code ?? null}
            onLogOut={() => logOut.mutate()}
          />
          <PersonalDataCard />
        </>
      ) : (
        <div className="page-loading" aria-busy="true" />
      )}
    </div>
  );
}
