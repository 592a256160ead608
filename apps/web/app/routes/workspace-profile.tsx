import { COURSES } from '@geekly/domain/courses/course-list.ts';
import type { GeekAccount } from '@geekly/domain/workspace/workspace-contract.ts';
import { useId, useState } from 'react';
import { useOutletContext } from 'react-router';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import { useEditMe, useGeekMe } from '../features/workspace/api/workspace-queries.ts';
import { formatWhen } from '../features/workspace/components/time-left.ts';
import s from '../features/workspace/components/workspace.module.css';
import { announce } from '../lib/announce.ts';
import { ApiError } from '../lib/api-client.ts';

export function meta() {
  return [{ title: 'Profile — Geekly workspace' }];
}

/** /workspace/profile: public name, Available / Away, major and subjects; the Geek's rating and students' comments. */
export default function WorkspaceProfile() {
  // The rating and comments as they are now (the shell's copy may be from the log-in).
  const shell = useOutletContext<GeekAccount>();
  const me = useGeekMe(true, 'always');
  const geek = me.data ?? shell;
  return (
    <>
      <h1>Profile</h1>
      <div className={s.columns}>
        <div className={s.stack}>
          <Availability geek={geek} />
          <ProfileForm geek={geek} />
        </div>
        <Reviews geek={geek} />
      </div>
    </>
  );
}

function Availability({ geek }: { geek: GeekAccount }) {
  const edit = useEditMe();
  const [error, setError] = useState('');
  return (
    <section className={s.card} aria-labelledby="availability">
      <h2 id="availability">{geek.public_full_name}</h2>
      <p className={s.muted}>
        Your public name: students see it on your messages and your Geek card. {geek.email}
        {geek.top ? ' · TOP Geek' : ''}
      </p>
      <fieldset className={s.plain}>
        <legend>Offers</legend>
        {[
          { value: true, label: 'Available: new tasks in my subjects reach me' },
          { value: false, label: 'Away: no new offers' },
        ].map((o) => (
          <label key={String(o.value)} className={s.check}>
            <input
              type="radio"
              name="available"
              checked={geek.available === o.value}
              disabled={edit.isPending}
              onChange={() =>
                edit.mutate(
                  { available: o.value },
                  {
                    onSuccess: () => announce(o.value ? 'You are Available' : 'You are Away'),
                    onError: (err) => setError(err instanceof ApiError ? err.text : 'Unknown error'),
                  },
                )
              }
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ProfileForm({ geek }: { geek: GeekAccount }) {
  const edit = useEditMe();
  const [major, setMajor] = useState(geek.major);
  const [subjects, setSubjects] = useState<string[]>(geek.public_subjects);
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const filterId = useId();
  const shown = COURSES.filter((c) => c.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <section className={s.card} aria-labelledby="expertise">
      <h2 id="expertise">Major and subjects</h2>
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          setSaved(false);
          edit.mutate(
            { major, public_subjects: subjects },
            {
              onSuccess: () => {
                setSaved(true);
                announce('Profile saved');
              },
              onError: (err) =>
                setErrors(
                  err instanceof ApiError
                    ? Object.keys(err.fieldErrors).length
                      ? err.fieldErrors
                      : { form: err.text }
                    : { form: 'Unknown error' },
                ),
            },
          );
        }}
      >
        <TextField
          label="Major"
          name="major"
          value={major}
          onChange={(e) => setMajor(e.target.value)}
          error={errors.major}
        />
        <fieldset className={s.plain}>
          <legend>Subjects: offers in these courses reach you ({subjects.length} chosen)</legend>
          {subjects.length ? (
            <ul className={s.plainList} aria-label="Chosen subjects">
              {subjects.map((c) => (
                <li key={c} className={s.badge}>
                  {c}
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.muted}>No subject chosen: no offers reach you.</p>
          )}
          <label htmlFor={filterId} className={s.label}>
            Find a course
          </label>
          <input
            id={filterId}
            className={s.select}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div className={s.subjects}>
            {shown.map((c) => (
              <label key={c} className={s.check}>
                <input
                  type="checkbox"
                  checked={subjects.includes(c)}
                  onChange={(e) =>
                    setSubjects((list) => (e.target.checked ? [...list, c] : list.filter((x) => x !== c)))
                  }
                />
                {c}
              </label>
            ))}
          </div>
          {errors.public_subjects ? (
            <p role="alert" className={s.error}>
              {errors.public_subjects}
            </p>
          ) : null}
        </fieldset>
        {errors.form ? (
          <p role="alert" className={s.error}>
            {errors.form}
          </p>
        ) : null}
        {saved ? (
          <p role="status" className={s.notice}>
            Saved.
          </p>
        ) : null}
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </section>
  );
}

function Reviews({ geek }: { geek: GeekAccount }) {
  return (
    <section className={s.card} aria-labelledby="rating">
      <h2 id="rating">Your rating</h2>
      <p>
        {geek.rating === null ? (
          'No marks yet.'
        ) : (
          <>
            <span className={s.totalValue}>{geek.rating.toFixed(1)}</span> of 5
          </>
        )}{' '}
        <span className={s.muted}>
          · {geek.completed} {geek.completed === 1 ? 'task' : 'tasks'} delivered
        </span>
      </p>
      <h3>What students said</h3>
      {geek.reviews.length === 0 ? (
        <p className={s.muted}>No comments yet.</p>
      ) : (
        <ul className={s.list}>
          {geek.reviews.map((r) => (
            <li key={`${r.order_number}-${r.at}`}>
              <div className={s.spread}>
                <strong>
                  Task #{r.order_number}: {r.mark} of 5
                </strong>
                <span className={s.time}>{formatWhen(r.at)}</span>
              </div>
              {r.feedback ? <p className={s.instructions}>{r.feedback}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
