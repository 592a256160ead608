import { OpsTextField } from './widgets.tsx';

/** A Geek's public profile as the Add and Edit forms hold it: the subjects as one comma-separated text. */
export type GeekProfileDraft = { name: string; major: string; subjects: string };

/** The profile fields of POST /ops/geeks and PATCH /ops/geeks/{id}. */
export const geekProfileBody = (draft: GeekProfileDraft) => ({
  public_full_name: draft.name,
  major: draft.major,
  public_subjects: draft.subjects
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
});

/** Public name, major and subjects, each with the server's error for it. */
export function GeekProfileFields({
  draft,
  onChange,
  errors,
  autoFocus,
}: {
  draft: GeekProfileDraft;
  onChange: (draft: GeekProfileDraft) => void;
  errors: Record<string, string>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <OpsTextField
        label="Public name"
        value={draft.name}
        onChange={(name) => onChange({ ...draft, name })}
        error={errors.public_full_name}
        autoFocus={autoFocus}
      />
      <OpsTextField
        label="Major"
        value={draft.major}
        onChange={(major) => onChange({ ...draft, major })}
        error={errors.major}
      />
      <OpsTextField
        label="Subjects (comma-separated)"
        value={draft.subjects}
        onChange={(subjects) => onChange({ ...draft, subjects })}
        error={errors.public_subjects}
      />
    </>
  );
}
