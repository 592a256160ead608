#!/usr/bin/env node
// check-pointers.mjs: run in the lint stages of `npm test` (decision 062); exits 1 while a comment, a doc or a
// test's title points to a document that is not in this repository.
// A "pointer" is a mention, in a comment or in documentation, of a document that is not in the repository:
// the two product specifications ("seed 000 §4", "seed 001", "the seeds"), API.md, DESIGN.md, STYLE.md,
// DEVELOPERS.md and any ../shared/... path. Node ESM, no dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'deploy', 'docs', 'README.md'];
const EXTENSIONS = /\.(ts|tsx|mjs|md|sql|json)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  'build',
  'dist',
  '.react-router',
  'test-results',
  'playwright-report',
  'coverage',
  'data',
  '.git',
]);

// ---------------------------------------------------------------------------------------------------------
// Files and the parts of them that are prose.
// ---------------------------------------------------------------------------------------------------------
function listFiles(root) {
  let names;
  try {
    names = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...ROOTS], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    names = [];
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        if (entry.isDirectory()) {
          if (!SKIP_DIRS.has(entry.name)) walk(posix.join(dir, entry.name));
        } else names.push(posix.join(dir, entry.name));
      }
    };
    for (const r of ROOTS) {
      if (!existsSync(join(root, r))) continue;
      if (statSync(join(root, r)).isDirectory()) walk(r);
      else names.push(r);
    }
  }
  return names.filter(
    (name) =>
      EXTENSIONS.test(name) &&
      !name.split('/').some((part) => SKIP_DIRS.has(part)) &&
      !/(^|\/)package-lock\.json$/.test(name) &&
      // The check names the pointers it looks for.
      name !== 'scripts/check-pointers.mjs' &&
      existsSync(join(root, name)),
  );
}

/**
 * Splits a JS/TS source into spans: { kind: 'code' | 'comment' | 'string' | 'template', text }.
 * Knows strings, template literals (with ${} nesting), regex literals and both comment forms.
 */
function scanScript(src) {
  const spans = [];
  let i = 0;
  let start = 0;
  const kind = 'code';
  const push = (end, k) => {
    if (end > start) spans.push({ kind: k, text: src.slice(start, end), start });
    start = end;
  };
  const braces = []; // for templates: depth stack
  // A template literal's text from `from` to its closing backtick or its next `${`: answers where scanning goes on.
  const templateText = (from) => {
    let j = from;
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\') j += 2;
      else if (src[j] === '$' && src[j + 1] === '{') break;
      else j += 1;
    }
    if (src[j] === '`') {
      push(j + 1, 'template');
      return j + 1;
    }
    push(j + 2, 'template');
    braces.push(0);
    return j + 2;
  };
  let lastSignificant = ''; // last non-space code char, to tell a regex from a division
  let lastWord = '';
  const regexAfterWords = new Set([
    'return',
    'typeof',
    'case',
    'do',
    'else',
    'in',
    'of',
    'new',
    'delete',
    'void',
    'throw',
    'yield',
    'await',
  ]);
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      push(i, 'code');
      let j = src.indexOf('\n', i);
      if (j < 0) j = src.length;
      i = j;
      push(i, 'comment');
      continue;
    }
    if (c === '/' && n === '*') {
      push(i, 'code');
      let j = src.indexOf('*/', i + 2);
      j = j < 0 ? src.length : j + 2;
      i = j;
      push(i, 'comment');
      continue;
    }
    if (c === "'" || c === '"') {
      push(i, 'code');
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      i = Math.min(j + 1, src.length);
      push(i, 'string');
      lastSignificant = c;
      lastWord = '';
      continue;
    }
    if (c === '`') {
      push(i, 'code');
      i = templateText(i + 1);
      lastSignificant = '`';
      lastWord = '';
      continue;
    }
    if (braces.length > 0 && c === '{') braces[braces.length - 1] += 1;
    if (braces.length > 0 && c === '}') {
      if (braces[braces.length - 1] === 0) {
        // back inside the template
        braces.pop();
        push(i, 'code');
        i = templateText(i + 1);
        lastSignificant = '`';
        continue;
      }
      braces[braces.length - 1] -= 1;
    }
    if (c === '/') {
      const regexAllowed =
        lastSignificant === '' ||
        '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) ||
        regexAfterWords.has(lastWord);
      if (regexAllowed) {
        push(i, 'code');
        let j = i + 1;
        let inClass = false;
        while (j < src.length && src[j] !== '\n') {
          if (src[j] === '\\') {
            j += 2;
            continue;
          }
          if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          else if (src[j] === '/' && !inClass) break;
          j += 1;
        }
        j += 1;
        while (/[a-z]/i.test(src[j] ?? '')) j += 1;
        i = j;
        push(i, 'string');
        lastSignificant = '/';
        lastWord = '';
        continue;
      }
    }
    if (!/\s/.test(c)) {
      if (/[\w$]/.test(c)) {
        let j = i;
        while (j < src.length && /[\w$]/.test(src[j])) j += 1;
        lastWord = src.slice(i, j);
        lastSignificant = 'a';
        i = j;
        continue;
      }
      lastSignificant = c;
      lastWord = '';
    }
    i += 1;
  }
  push(src.length, kind);
  return spans;
}

/** SQL: `--` line comments and block comments are prose, the rest is code. */
function scanSql(src) {
  const spans = [];
  const re = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g;
  let last = 0;
  for (const m of src.matchAll(re)) {
    if (m.index > last) spans.push({ kind: 'code', text: src.slice(last, m.index), start: last });
    spans.push({ kind: m[0].startsWith("'") ? 'string' : 'comment', text: m[0], start: m.index });
    last = m.index + m[0].length;
  }
  if (last < src.length) spans.push({ kind: 'code', text: src.slice(last), start: last });
  return spans;
}

function spansOf(file, src) {
  if (file.endsWith('.md')) return [{ kind: 'doc', text: src, start: 0 }];
  if (file.endsWith('.sql')) return scanSql(src);
  if (file.endsWith('.json')) return [{ kind: 'string', text: src, start: 0 }];
  return scanScript(src);
}

// ---------------------------------------------------------------------------------------------------------
// Pointers.
// ---------------------------------------------------------------------------------------------------------
// "seed 000 §4", "Seed 001 §2, §7", "seed `000_*` §3", "seeds/001_*.txt", "seed 000 (§3 …", "seed §2"
const DOC_MENTION =
  /(?<![\w/-])[Ss]eeds? ?(?:`?(?:seeds\/)?(00[01])(?:_\*|_[0-9a-f]+)?(?:\.txt)?`?|(?=§))(?:['’]s)?/g;
const OUTSIDE_FILE =
  /(?<![\w/.-])(?:\.\.\/)*(?:shared\/)?(API|DESIGN|STYLE|DEVELOPERS)\.md\b(?:\s+(\()?"([^"\n]{1,40})"(?:(?<=\("[^"\n]{1,40}")\))?)?(?:\s+habit (\d+))?/g;
const SHARED_PATH = /(?:\.\.\/)+shared\/[\w./*-]*/g;
// "the seed's words", "the seeds say", "a seed rule", "Seeds:"; the spec sense of the word.
const SPEC_WORD = /(?<![\w./`'":-])(seeds|seed|Seeds|Seed)(?![\w.(-]|:\s*\d|`)(['’]s|['’](?=\s))?/g;
// The other senses of the word: demo data, a random seed, file and identifier names.
const DEMO_SENSE = [
  /\b(and|to|nor|it|It|then|must|will|we|We|not|that|which|who|first|also) seeds?\b/,
  /\bseeds? (the|its|one|a|10,000|\d|every|demo|data|reference)\b/i,
  /\bthe seed and other calls\b/,
  /\band the seed['’]s\)/,
  /\b(demo|reference|random|seed) seeds?\b/i,
  /\bseed (data|script|file|rows?)\b/i,
  /\bseed:/,
];

function isDemoSense(text, index, word) {
  const from = Math.max(0, index - 40);
  const around = text.slice(from, index + word.length + 40);
  const at = index - from;
  return DEMO_SENSE.some((re) => {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of around.matchAll(g))
      if (m.index <= at && m.index + m[0].length >= at + word.length) return true;
    return false;
  });
}

/** Every pointer still in a text, as { index, match }. */
function findPointers(text) {
  const found = [];
  for (const m of text.matchAll(DOC_MENTION))
    found.push({
      index: m.index,
      match: m[0] + text.slice(m.index + m[0].length, m.index + m[0].length + 4),
    });
  for (const m of text.matchAll(OUTSIDE_FILE)) found.push({ index: m.index, match: m[0] });
  for (const m of text.matchAll(SHARED_PATH)) found.push({ index: m.index, match: m[0] });
  for (const m of text.matchAll(SPEC_WORD))
    if (!isDemoSense(text, m.index, m[1])) found.push({ index: m.index, match: m[0] });
  return found.filter((f, i, all) => all.findIndex((g) => g.index === f.index) === i);
}

function lineOf(src, index) {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (src.charCodeAt(i) === 10) line += 1;
  return line;
}

function readText(root, file) {
  return readFileSync(join(root, file), 'utf8');
}

// ---------------------------------------------------------------------------------------------------------
// check-pointers: run from a repository root; exits 1 while any comment, doc or string still points to a
// document outside the repository (the seeds, API.md, DESIGN.md, STYLE.md, ../shared/…).
// ---------------------------------------------------------------------------------------------------------
function main() {
  const root = process.cwd();
  const remaining = [];
  for (const file of listFiles(root)) {
    const src = readText(root, file);
    for (const span of spansOf(file, src)) {
      if (span.kind === 'code') continue;
      for (const p of findPointers(span.text)) {
        remaining.push(`${file}:${lineOf(src, span.start + p.index)}: ${p.match.trim()}`);
      }
    }
  }
  if (remaining.length === 0) {
    console.log('check-pointers: no comment or doc points outside the repository');
    return;
  }
  console.error(`check-pointers: ${remaining.length} pointer(s) to documents outside the repository:`);
  for (const r of remaining) console.error(`  ${r}`);
  console.error('Point to a file in the repository instead: a page of docs/product/, a decision, a test.');
  process.exitCode = 1;
}

main();
