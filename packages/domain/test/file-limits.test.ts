import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  contentTypeFor,
  FILE_EMPTY_TEXT,
  FILE_TOO_LARGE_TEXT,
  FILE_TYPE_REFUSED_TEXT,
  fileRefusal,
  MAX_FILE_BYTES,
  UPLOAD_STALL_MS,
} from '../src/files/file-limits.ts';

const ok = (name: string, type: string, size = 1000) => fileRefusal({ name, type, size });

describe('fileRefusal', () => {
  it.each([
    ['essay.pdf', 'application/pdf'],
    ['Essay.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['photo.jpg', 'image/jpeg'],
    ['slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['data.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['sources.zip', 'application/zip'],
    ['notes.txt', 'text/plain'],
  ])('accepts %s', (name, type) => {
    expect(ok(name, type)).toBeNull();
  });
  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['run.sh', 'application/x-sh'],
    ['page.html', 'text/html'],
    ['logo.svg', 'image/svg+xml'],
    ['script.js', 'text/javascript'],
    ['noextension', 'application/pdf'],
    // an allowed extension with a type that is not its own: served back with that type, it could run
    ['essay.pdf', 'text/html'],
    ['essay.pdf.exe', 'application/pdf'],
    ['x.constructor', 'application/pdf'],
    ['x.__proto__', 'application/pdf'],
  ])('refuses %s (%s)', (name, type) => {
    expect(ok(name, type)).toBe(FILE_TYPE_REFUSED_TEXT);
  });
  it('accepts exactly up to the size limit, and refuses empty files', () => {
    expect(ok('a.pdf', 'application/pdf', MAX_FILE_BYTES)).toBeNull();
    expect(ok('a.pdf', 'application/pdf', MAX_FILE_BYTES + 1)).toBe(FILE_TOO_LARGE_TEXT);
    expect(ok('a.pdf', 'application/pdf', 0)).toBe(FILE_EMPTY_TEXT);
    expect(MAX_FILE_BYTES).toBe(50 * 1024 * 1024);
  });
});

describe('contentTypeFor', () => {
  it("keeps the browser's type and fills in a missing one from the name", () => {
    expect(contentTypeFor('a.pdf', 'application/pdf')).toBe('application/pdf');
    expect(contentTypeFor('deck.key', '')).toBe('application/vnd.apple.keynote');
    expect(contentTypeFor('a.docx', 'application/octet-stream')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeFor('a.exe', '')).toBe('application/octet-stream');
  });
});

it('offers only allowed extensions to the file picker, and stalls after the spec’s 40 s', () => {
  expect(ACCEPT_ATTRIBUTE).toContain('.pdf');
  expect(ACCEPT_ATTRIBUTE).not.toContain('.exe');
  expect(UPLOAD_STALL_MS).toBe(40_000);
});
