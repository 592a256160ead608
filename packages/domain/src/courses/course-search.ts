import { COURSES, NO_RESULTS_MIN_CHARS } from './course-list.ts';

const words = (query: string) => [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];

/** docs/product/tasks-and-pricing.md: filtered by any typed word, case-insensitive; courses matching more words come first. */
export function searchCourses(query: string, courses: readonly string[] = COURSES): string[] {
  const terms = words(query);
  if (terms.length === 0) return [...courses];
  return courses
    .map((course) => ({ course, hits: terms.filter((t) => course.toLowerCase().includes(t)).length }))
    .filter((c) => c.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.course.localeCompare(b.course, 'en'))
    .map((c) => c.course);
}

type HighlightPart = { text: string; match: boolean };

/** Splits a course name into parts, marking the typed words (original casing kept). */
export function highlightCourse(course: string, query: string): HighlightPart[] {
  const terms = words(query);
  const marked = new Array<boolean>(course.length).fill(false);
  const lower = course.toLowerCase();
  for (const term of terms) {
    for (let i = lower.indexOf(term); i !== -1; i = lower.indexOf(term, i + 1)) {
      marked.fill(true, i, i + term.length);
    }
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < course.length; i++) {
    const last = parts[parts.length - 1];
    const match = marked[i] ?? false;
    if (last && last.match === match) last.text += course[i];
    else parts.push({ text: course[i] ?? '', match });
  }
  return parts;
}

/** docs/product/tasks-and-pricing.md course picker: 7 or more typed characters and no match shows 'No results for «text»' and suggests English. */
export function shouldSuggestFallback(query: string, results: readonly string[]): boolean {
  return results.length === 0 && query.trim().length >= NO_RESULTS_MIN_CHARS;
}

/** How many recent courses the list page's picker shows in place of the top ones. */
export const RECENT_COURSES_MAX = 5;

/**
 * docs/product/tasks-and-pricing.md course picker: 'Recent Courses' on the list page when recent ones exist. From the subjects of the
 * client's tasks, newest first: each listed course once, in its listed spelling, at most RECENT_COURSES_MAX.
 */
export function recentCourses(subjects: readonly string[], courses: readonly string[] = COURSES): string[] {
  const byLower = new Map(courses.map((c) => [c.toLowerCase(), c]));
  const recent: string[] = [];
  for (const subject of subjects) {
    const course = byLower.get(subject.trim().toLowerCase());
    if (course && !recent.includes(course)) recent.push(course);
    if (recent.length === RECENT_COURSES_MAX) break;
  }
  return recent;
}
