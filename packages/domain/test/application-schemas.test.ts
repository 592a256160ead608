import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  applicationSchema,
  geekApplicationSchema,
  geekApplicationStep1Schema,
  geekApplicationStep2Schema,
  INSTITUTION_COMMENT_MAX,
  institutionApplicationSchema,
  institutionFormError,
  TEACHER_FIELD_MAX,
  teacherFormError,
  teacherSignUpSchema,
} from '../src/applications/application-schemas.ts';

type Issue = { message: string; path: PropertyKey[] };
const issuesAt = (r: { error?: { issues: Issue[] } }, key: string) =>
  r.error?.issues.filter((i) => i.path[0] === key).map((i) => i.message) ?? [];
const allIssues = (r: { error?: { issues: Issue[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the spec texts', () => {
  it('keep the spec wording', () => {
    expect(APPLICATION_MESSAGES).toEqual({
      geekNameRequired: 'Please, enter your name',
      geekEmailFormat: 'Please enter a valid email address',
      geekPasswordTooShort: 'Your password should be at least 6 symbols long',
      geekExpertiseRequired: 'Please, tell us about your expertise',
      geekSubjectRequired: 'Please, tell us your subject',
      nameRequired: 'Oops, name is required',
      schoolRequired: 'Oops, school is required',
      emailFormat: 'Oops, check your email format',
      allFieldsRequired: 'Please, fill in all fields',
      commentRequired: 'Oops, comment is required',
    });
    expect(TEACHER_FIELD_MAX).toBe(100);
    expect(INSTITUTION_COMMENT_MAX).toBe(10_000);
  });
});

describe('geekApplicationStep1Schema', () => {
  const ok = { name: ' Ann ', email: ' Ann@Example.COM ', password: 'secret' };

  it('trims the name and trims and lower-cases the e-mail', () => {
    expect(geekApplicationStep1Schema.parse(ok)).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret',
    });
  });
  it.each(['', '  '])('asks for a name instead of %j', (name) => {
    expect(issuesAt(geekApplicationStep1Schema.safeParse({ ...ok, name }), 'name')).toEqual([
      'Please, enter your name',
    ]);
  });
  it.each(['', 'ann', 'ann@', 'ann@example', 'ann example@x.com'])('refuses the e-mail %j', (email) => {
    expect(issuesAt(geekApplicationStep1Schema.safeParse({ ...ok, email }), 'email')).toEqual([
      'Please enter a valid email address',
    ]);
  });
  it('needs at least 6 password characters and takes at most 128', () => {
    expect(issuesAt(geekApplicationStep1Schema.safeParse({ ...ok, password: '12345' }), 'password')).toEqual([
      'Your password should be at least 6 symbols long',
    ]);
    expect(geekApplicationStep1Schema.safeParse({ ...ok, password: '123456' }).success).toBe(true);
    expect(geekApplicationStep1Schema.safeParse({ ...ok, password: 'x'.repeat(128) }).success).toBe(true);
    expect(
      issuesAt(geekApplicationStep1Schema.safeParse({ ...ok, password: 'x'.repeat(129) }), 'password'),
    ).toHaveLength(1);
  });
  it('does not trim the password', () => {
    expect(geekApplicationStep1Schema.parse({ ...ok, password: ' abcd ' }).password).toBe(' abcd ');
  });
});

describe('geekApplicationStep2Schema', () => {
  it('trims and requires expertise and subject', () => {
    expect(geekApplicationStep2Schema.parse({ expertise: ' Math tutor ', subject: ' Algebra ' })).toEqual({
      expertise: 'Math tutor',
      subject: 'Algebra',
    });
    expect(allIssues(geekApplicationStep2Schema.safeParse({ expertise: ' ', subject: '' }))).toEqual([
      ['expertise', 'Please, tell us about your expertise'],
      ['subject', 'Please, tell us your subject'],
    ]);
  });
  it('caps expertise at 5000 and subject at 200 characters', () => {
    const ok = { expertise: 'x'.repeat(5000), subject: 'y'.repeat(200) };
    expect(geekApplicationStep2Schema.safeParse(ok).success).toBe(true);
    expect(
      issuesAt(geekApplicationStep2Schema.safeParse({ ...ok, expertise: 'x'.repeat(5001) }), 'expertise'),
    ).toHaveLength(1);
    expect(
      issuesAt(geekApplicationStep2Schema.safeParse({ ...ok, subject: 'y'.repeat(201) }), 'subject'),
    ).toHaveLength(1);
  });
});

describe('geekApplicationSchema', () => {
  it('joins both steps', () => {
    const input = {
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret',
      expertise: 'Math',
      subject: 'Algebra',
    };
    expect(geekApplicationSchema.parse(input)).toEqual(input);
    const r = geekApplicationSchema.safeParse({ ...input, password: '1', subject: '' });
    expect(allIssues(r)).toEqual([
      ['password', 'Your password should be at least 6 symbols long'],
      ['subject', 'Please, tell us your subject'],
    ]);
  });
});

describe('teacherFormError', () => {
  it("gives 'Please, fill in all fields' only when every field is empty", () => {
    expect(teacherFormError({ name: '', school: '', email: '' })).toBe('Please, fill in all fields');
    expect(teacherFormError({ name: ' ', school: '\t' })).toBe('Please, fill in all fields');
    expect(teacherFormError({})).toBe('Please, fill in all fields');
    expect(teacherFormError({ name: 'Ann', school: '', email: '' })).toBeNull();
    expect(teacherFormError({ name: '', school: '', email: 'x' })).toBeNull();
  });
});

describe('teacherSignUpSchema', () => {
  const ok = { name: ' Ann ', school: ' Hill High ', email: ' Ann@School.EDU ' };

  it('trims the fields and lower-cases the e-mail', () => {
    expect(teacherSignUpSchema.parse(ok)).toEqual({
      name: 'Ann',
      school: 'Hill High',
      email: 'ann@school.edu',
    });
  });
  it.each([{ name: '', school: '', email: '' }, { name: ' ', school: ' ', email: ' ' }, {}])(
    'reports only the form message, on the root path, for %j',
    (input) => {
      const r = teacherSignUpSchema.safeParse(input);
      expect(allIssues(r)).toEqual([['', 'Please, fill in all fields']]);
      expect(r.error && z.flattenError(r.error).formErrors).toEqual(['Please, fill in all fields']);
    },
  );
  it('reports each missing or bad field with its own message', () => {
    expect(allIssues(teacherSignUpSchema.safeParse({ ...ok, name: '' }))).toEqual([
      ['name', 'Oops, name is required'],
    ]);
    expect(allIssues(teacherSignUpSchema.safeParse({ ...ok, school: ' ' }))).toEqual([
      ['school', 'Oops, school is required'],
    ]);
    expect(allIssues(teacherSignUpSchema.safeParse({ ...ok, email: 'ann@school' }))).toEqual([
      ['email', 'Oops, check your email format'],
    ]);
    expect(allIssues(teacherSignUpSchema.safeParse({ name: 'Ann', school: '', email: '' }))).toEqual([
      ['school', 'Oops, school is required'],
      ['email', 'Oops, check your email format'],
    ]);
  });
  it('caps each field at 100 characters', () => {
    const email100 = `${'a'.repeat(88)}@example.com`;
    expect(email100).toHaveLength(100);
    const max = { name: 'n'.repeat(100), school: 's'.repeat(100), email: email100 };
    expect(teacherSignUpSchema.safeParse(max).success).toBe(true);
    expect(issuesAt(teacherSignUpSchema.safeParse({ ...max, name: 'n'.repeat(101) }), 'name')).toHaveLength(
      1,
    );
    expect(
      issuesAt(teacherSignUpSchema.safeParse({ ...max, school: 's'.repeat(101) }), 'school'),
    ).toHaveLength(1);
    expect(issuesAt(teacherSignUpSchema.safeParse({ ...max, email: `a${email100}` }), 'email')).toEqual([
      'Oops, check your email format',
    ]);
  });
});

describe('institutionApplicationSchema', () => {
  const ok = { school: 'Hill High', name: 'Ann', email: 'ann@school.edu', comment: ' 300 students ' };

  it('trims the comment', () => {
    expect(institutionApplicationSchema.parse(ok)).toEqual({ ...ok, comment: '300 students' });
  });
  it.each(['', '   '])('asks for a comment instead of %j', (comment) => {
    expect(allIssues(institutionApplicationSchema.safeParse({ ...ok, comment }))).toEqual([
      ['comment', 'Oops, comment is required'],
    ]);
  });
  it('uses the teacher messages for the other fields', () => {
    expect(
      allIssues(institutionApplicationSchema.safeParse({ ...ok, school: '', name: '', email: 'x' })),
    ).toEqual([
      ['school', 'Oops, school is required'],
      ['name', 'Oops, name is required'],
      ['email', 'Oops, check your email format'],
    ]);
  });
  it('reports the form message when all four fields are empty', () => {
    const empty = { school: '', name: '', email: '', comment: '' };
    expect(allIssues(institutionApplicationSchema.safeParse(empty))).toEqual([
      ['', 'Please, fill in all fields'],
    ]);
    expect(institutionFormError(empty)).toBe('Please, fill in all fields');
    expect(institutionFormError({ ...empty, comment: 'x' })).toBeNull();
    expect(allIssues(institutionApplicationSchema.safeParse({ ...empty, comment: 'x' }))).toHaveLength(3);
  });
  it('caps the comment at 10000 and the other fields at 100 characters', () => {
    expect(institutionApplicationSchema.safeParse({ ...ok, comment: 'x'.repeat(10_000) }).success).toBe(true);
    expect(
      issuesAt(institutionApplicationSchema.safeParse({ ...ok, comment: 'x'.repeat(10_001) }), 'comment'),
    ).toHaveLength(1);
    expect(
      issuesAt(institutionApplicationSchema.safeParse({ ...ok, name: 'n'.repeat(101) }), 'name'),
    ).toHaveLength(1);
  });
});

describe('applicationSchema', () => {
  it('tells the three forms apart by kind and applies each one’s rules', () => {
    expect(
      applicationSchema.parse({
        kind: 'geek',
        name: 'Ann',
        email: 'ANN@x.com',
        password: 'secret',
        expertise: 'Math',
        subject: 'Algebra',
      }),
    ).toMatchObject({ kind: 'geek', email: 'ann@x.com' });
    expect(
      allIssues(applicationSchema.safeParse({ kind: 'teacher', name: '', school: '', email: '' })),
    ).toEqual([['', 'Please, fill in all fields']]);
    expect(
      allIssues(
        applicationSchema.safeParse({ kind: 'institution', name: 'Ann', school: 'Hill', email: 'a@b.co' }),
      ),
    ).toEqual([['comment', 'Oops, comment is required']]);
    expect(applicationSchema.safeParse({ kind: 'admin', name: 'Ann' }).success).toBe(false);
  });
});
