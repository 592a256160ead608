import { describe, expect, it } from 'vitest';
import {
  COURSES,
  FALLBACK_COURSE,
  findCourse,
  NO_RESULTS_MIN_CHARS,
  POPULAR_COURSES,
} from '../src/courses/course-list.ts';

describe('the course list', () => {
  it('has five popular courses plus about 110 more', () => {
    expect(POPULAR_COURSES).toHaveLength(5);
    expect(COURSES.length).toBeGreaterThanOrEqual(110);
    expect(COURSES.length - POPULAR_COURSES.length).toBeGreaterThanOrEqual(105);
  });

  it('is unique, ignoring case, and alphabetically sorted', () => {
    expect(new Set(COURSES.map((c) => c.toLowerCase())).size).toBe(COURSES.length);
    expect([...COURSES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(COURSES);
  });

  it('holds English, the popular five and the fallback', () => {
    expect(COURSES).toContain('English');
    for (const c of POPULAR_COURSES) expect(COURSES).toContain(c);
    expect(FALLBACK_COURSE).toBe('English');
    expect(COURSES).toContain(FALLBACK_COURSE);
  });

  it('has no names with outer or doubled spaces', () => {
    for (const c of COURSES) expect(c).toBe(c.trim().replace(/\s+/g, ' '));
  });

  it('searches suggest the fallback from 7 characters', () => {
    expect(NO_RESULTS_MIN_CHARS).toBe(7);
  });
});

describe('findCourse', () => {
  it.each([
    ['English', 'English'],
    ['english', 'English'],
    ['  organic CHEMISTRY ', 'Organic Chemistry'],
    ['anatomy and physiology', 'Anatomy and Physiology'],
  ])('%j is %j', (input, course) => {
    expect(findCourse(input)).toBe(course);
  });

  it.each(['', '   ', 'Organic', 'Organic  Chemistry', 'Cooking'])('%j is no course', (input) => {
    expect(findCourse(input)).toBeUndefined();
  });

  it('finds every listed course by its own name', () => {
    for (const c of COURSES) expect(findCourse(c.toUpperCase())).toBe(c);
  });
});
