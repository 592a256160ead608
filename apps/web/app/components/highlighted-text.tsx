import { highlightCourse } from '@geekly/domain/courses/course-search.ts';

/** A suggestion with the typed words marked (<mark>), as the course picker and the task type show them. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  let offset = 0;
  return highlightCourse(text, query).map((part) => {
    const key = offset;
    offset += part.text.length;
    return part.match ? <mark key={key}>{part.text}</mark> : <span key={key}>{part.text}</span>;
  });
}
