import { describe, expect, it } from 'vitest';
import { COURSES, findCourse, POPULAR_COURSES } from '../src/courses/course-list.ts';
import { highlightCourse, searchCourses, shouldSuggestFallback } from '../src/courses/course-search.ts';

describe('the course list', () => {
  it('has the five popular courses plus about 110 more, unique and sorted, including English', () => {
    expect(POPULAR_COURSES).toHaveLength(5);
    expect(COURSES.length).toBeGreaterThanOrEqual(110);
    expect(new Set(COURSES).size).toBe(COURSES.length);
    expect([...COURSES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(COURSES);
    for (const c of POPULAR_COURSES) expect(COURSES).toContain(c);
    expect(COURSES).toContain('English');
  });

  it('finds a course ignoring case and outer spaces, and only exact names', () => {
    expect(findCourse('  organic CHEMISTRY ')).toBe('Organic Chemistry');
    expect(findCourse('Organic')).toBeUndefined();
    expect(findCourse('')).toBeUndefined();
  });
});

describe('course search', () => {
  it('matches any typed word, case-insensitively, best matches first', () => {
    const results = searchCourses('COMPUTER science');
    expect(results.slice(0, 1)).toEqual(['Computer Science']);
    expect(results).toContain('Computer Engineering');
    expect(results).toContain('Political Science');
    expect(searchCourses('')).toEqual(COURSES);
    expect(searchCourses('zzzz')).toEqual([]);
  });

  it('highlights the typed words and keeps the name intact', () => {
    const parts = highlightCourse('Organic Chemistry', 'chem org');
    expect(parts).toEqual([
      { text: 'Org', match: true },
      { text: 'anic ', match: false },
      { text: 'Chem', match: true },
      { text: 'istry', match: false },
    ]);
    expect(highlightCourse('Art', '')).toEqual([{ text: 'Art', match: false }]);
  });

  it('suggests the fallback course only from 7 typed characters with no result', () => {
    expect(shouldSuggestFallback('abcdef', [])).toBe(false);
    expect(shouldSuggestFallback('abcdefg', [])).toBe(true);
    expect(shouldSuggestFallback(' abcdef ', [])).toBe(false);
    expect(shouldSuggestFallback('abcdefg', ['Art'])).toBe(false);
  });
});
