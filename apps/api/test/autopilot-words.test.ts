import { describe, expect, it } from 'vitest';
import { quotedTitle } from '../src/modules/autopilot/autopilot-plan.ts';

// The autopilot quotes the task's title in its message and its document (decision 022).
describe('quotedTitle', () => {
  it('puts a title in curly quotes', () => {
    expect(quotedTitle('Essay on Hamlet')).toBe('“Essay on Hamlet”');
  });
  it('does not double the quotes a title already has, of any kind', () => {
    for (const title of ['"Hamlet"', '“Hamlet”', "'Hamlet'", '«Hamlet»', ' „Hamlet“ ', '""Hamlet""'])
      expect(quotedTitle(title)).toBe('“Hamlet”');
  });
  it('keeps quotes inside the title, and a title that is nothing but quotes', () => {
    expect(quotedTitle('On "Hamlet" and grief')).toBe('“On "Hamlet" and grief”');
    expect(quotedTitle('""')).toBe('“""”');
  });
});
