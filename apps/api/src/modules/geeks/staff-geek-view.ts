export type GeekFields = {
  publicFullName: string;
  major: string;
  publicSubjects: string[];
  isDisabled: boolean;
  isTop: boolean;
  available: boolean;
};
export const geekFields = (g: GeekFields) => ({
  public_full_name: g.publicFullName,
  major: g.major,
  public_subjects: g.publicSubjects,
  is_disabled: g.isDisabled,
  top: g.isTop,
  available: g.available,
});

/** A Geek profile as staff see it (opsGeekProfileSchema), with its workspace log-in's e-mail if it has one. */
export const opsGeekView = (g: GeekFields & { id: string }, loginEmail: string | null) => ({
  _id: g.id,
  ...geekFields(g),
  login_email: loginEmail,
});
