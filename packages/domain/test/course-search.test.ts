import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COURSES } from '../src/courses/course-list.ts';
import {
  highlightCourse,
  RECENT_COURSES_MAX,
  recentCourses,
  searchCourses,
  shouldSuggestFallback,
} from '../src/courses/course-search.ts';

describe('searchCourses', () => {
  it('returns every course for an empty or blank query', () => {
    expect(searchCourses('')).toEqual(COURSES);
    expect(searchCourses('   ')).toEqual(COURSES);
  });

  it('matches any typed word, case-insensitively, inside the name', () => {
    const results = searchCourses('COMPUTER science');
    expect(results[0]).toBe('Computer Science');
    expect(results).toContain('Computer Engineering');
    expect(results).toContain('Political Science');
    expect(results).not.toContain('English');
    expect(searchCourses('chem')).toContain('Organic Chemistry');
    expect(searchCourses('zzzz')).toEqual([]);
  });

  it('puts courses matching more words first, then alphabetical order', () => {
    const list = ['Art History', 'Biology', 'History', 'Art', 'World History'];
    expect(searchCourses('art history', list)).toEqual(['Art History', 'Art', 'History', 'World History']);
    expect(searchCourses('  history   history ', list)).toEqual(['Art History', 'History', 'World History']);
  });

  it('only returns courses of the given list', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        for (const c of searchCourses(q)) expect(COURSES).toContain(c);
      }),
    );
  });
});

describe('highlightCourse', () => {
  it('marks the typed words, keeping the original casing', () => {
    expect(highlightCourse('Organic Chemistry', 'chem org')).toEqual([
      { text: 'Org', match: true },
      { text: 'anic ', match: false },
      { text: 'Chem', match: true },
      { text: 'istry', match: false },
    ]);
  });

  it('marks every occurrence and merges overlapping words', () => {
    expect(highlightCourse('Mathematics', 'MAT')).toEqual([
      { text: 'Mat', match: true },
      { text: 'he', match: false },
      { text: 'mat', match: true },
      { text: 'ics', match: false },
    ]);
    expect(highlightCourse('Statistics', 'stat tist')).toEqual([
      { text: 'Statist', match: true },
      { text: 'ics', match: false },
    ]);
  });

  it('leaves a name without matches in one unmarked part', () => {
    expect(highlightCourse('Art', '')).toEqual([{ text: 'Art', match: false }]);
    expect(highlightCourse('Art', 'bio')).toEqual([{ text: 'Art', match: false }]);
    expect(highlightCourse('Art', 'ART')).toEqual([{ text: 'Art', match: true }]);
  });

  it('always gives back the whole name, in alternating parts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COURSES), fc.string(), (course, q) => {
        const parts = highlightCourse(course, q);
        expect(parts.map((p) => p.text).join('')).toBe(course);
        parts.forEach((p, i) => {
          expect(p.text.length).toBeGreaterThan(0);
          if (i > 0) expect(p.match).not.toBe(parts[i - 1]?.match);
        });
      }),
    );
  });
});

describe('shouldSuggestFallback', () => {
  it('suggests the fallback only from 7 typed characters with no result', () => {
    expect(shouldSuggestFallback('abcdef', [])).toBe(false);
    expect(shouldSuggestFallback('abcdefg', [])).toBe(true);
    expect(shouldSuggestFallback(' abcdef ', [])).toBe(false);
    expect(shouldSuggestFallback('abcdefg', ['Art'])).toBe(false);
    const q = 'cooking class';
    expect(shouldSuggestFallback(q, searchCourses(q))).toBe(false);
    expect(shouldSuggestFallback('qqqqqqq', searchCourses('qqqqqqq'))).toBe(true);
  });
});

describe('recentCourses (docs/product/tasks-and-pricing.md: Recent Courses on the list page)', () => {
  it('keeps each listed course once, newest first, in its listed spelling', () => {
    expect(recentCourses(['history', 'Nursing', 'HISTORY ', 'English'])).toEqual([
      'History',
      'Nursing',
      'English',
    ]);
  });

  it('leaves out subjects that are not in the course list', () => {
    expect(recentCourses(['Underwater basket weaving', 'Psychology'])).toEqual(['Psychology']);
  });

  it(`shows at most ${RECENT_COURSES_MAX}`, () => {
    const many = COURSES.slice(0, RECENT_COURSES_MAX + 3);
    expect(recentCourses(many)).toEqual(many.slice(0, RECENT_COURSES_MAX));
  });

  it('is empty without tasks, so the picker keeps Top Courses', () => {
    expect(recentCourses([])).toEqual([]);
  });
});
