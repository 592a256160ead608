#!/usr/bin/env node
// check-pointers.mjs: run in the lint stages of `npm test` (decision 062); exits 1 while a comment, a doc or a
// test's title points to a document that is not in this repository.
// A "pointer" is a mention, in a comment or in documentation, of a document that is not in the repository:
// the two product specifications ("seed 000 §4", "seed 001", "the seeds"), API.md, DESIGN.md, STYLE.md,
// DEVELOPERS.md and any ../shared/... path. Node ESM, no dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';

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

const P = (name) => `docs/product/${name}.md`;
const TASKS = P('tasks-and-pricing');
const STATUSES = P('statuses-and-state-machine');
const PAYMENTS = P('payments-and-ledger');
const FILES = P('files');
const MESSAGES = P('messages');
const ACCOUNT = P('account');
const GEEKS = P('geeks');
const PUBLIC = P('public-site');
const BACK_OFFICE = P('back-office');
const HTTP = P('http-api');
const INDEX = P('README');

// ---------------------------------------------------------------------------------------------------------
// The mapping table. Each section of the two specifications has a default page; a rule [regex, page] wins
// when its regex matches the text around the pointer (the comment's line, T) or the file's path (F).
// Rules are tried in the order written; the first that matches wins.
// ---------------------------------------------------------------------------------------------------------
const T = (re, page) => ({ on: 'text', re, page });
const F = (re, page) => ({ on: 'path', re, page });

const FILE_WORDS =
  /\b(upload|uploads|uploaded|file|files|attach|attachment|attachments|download|downloads|plag\w*|final draft|zip)\b/i;
const MESSAGE_WORDS =
  /\b(chat|unread|bubble|sender|sender_role|livechat|Account Manager|to_user|messages panel|Task messages|send button|message list|notification sound)\b/i;
const GEEK_WORDS =
  /\b(My Geeks|my-geeks|Geek's profile|Geek profile|fave|faved|favourite|blocked|writer_blocked|writer_faved|Preferred Geek|geek\/\{|\/geek\/)/i;
const SUBSCRIPTION_WORDS = /\b(subscription|subscriptions|premium|plan|plans)\b/i;
const PAY_WORDS =
  /\b(pay|pays|paid|payment|payments|checkout|gateway|deposit|balance|top-up|top up|topup|tip|tips|ledger|cashback|remainder|return URLs?)\b/i;
const AFTER_WORDS = /\b(rating|rated|rate|mark|stars?|revision|revisions|refund|refunds|feedback|review)\b/i;
const ACCOUNT_WORDS =
  /\b(log-in|login|log in|sign-up|signup|sign up|restore|password|profile|phone|notification e-?mail|referral|referred|auth|token|logout|log out|country)\b/i;
const PUBLIC_WORDS =
  /\b(landing|marketing|cookie|consent|legal|terms|privacy|honor code|maintenance|healthcheck|404|not-found|join-our-team|teacher|teachers|institution|application|promo|banner|header|footer)\b/i;
const COUPON_WORDS = /\b(coupon|coupons|discount|NEWUSER)\b/i;
const STATUS_WORDS =
  /\b(status|statuses|state machine|transition|transitions|progress|deleted|locked|unchangeable|Under review)\b/i;

const FOLDERS_001 = [
  F(
    /features\/(landing|legal|consent|applications|teachers)\/|modules\/(public|applications|geo)\/|domain\/src\/(consent|applications)\/|islands\/|public-header|public-footer/,
    PUBLIC,
  ),
  F(/features\/(messages|live)\/|modules\/(messages|events)\/|domain\/src\/chat\//, MESSAGES),
  F(/features\/payments\/|modules\/(payments|ledger)\/|domain\/src\/payments\//, PAYMENTS),
];
const PATH_RULES = [
  F(/features\/ops\/|modules\/ops\/|domain\/src\/ops\//, BACK_OFFICE),
  F(
    /features\/messages\/|modules\/messages\/|domain\/src\/chat\/|features\/live\/|modules\/events\//,
    MESSAGES,
  ),
  F(/features\/files\/|modules\/files\/|domain\/src\/files\/|geek-files/, FILES),
  F(
    /features\/payments\/|modules\/payments\/|modules\/ledger\/|domain\/src\/payments\/|adapters\/payments\//,
    PAYMENTS,
  ),
  F(/features\/geeks\/|modules\/geeks\/|domain\/src\/geeks\//, GEEKS),
  F(/subscription/, ACCOUNT),
  F(/features\/(auth|account)\/|modules\/(users|auth|referral)\/|domain\/src\/users\//, ACCOUNT),
  F(
    /features\/(landing|legal|consent|applications|teachers)\/|modules\/(public|applications|geo)\/|domain\/src\/(consent|applications)\/|islands\//,
    PUBLIC,
  ),
  F(/coupon|pricing|quote|add-ons/, TASKS),
  F(/order-status|order-machine|acceptance|revision|rating|refund/, STATUSES),
];

const SECTIONS = {
  '000': {
    1: {
      title: 'What the product does',
      page: TASKS,
      rules: [
        T(PAY_WORDS, PAYMENTS),
        T(/\breferral\b/i, ACCOUNT),
        T(SUBSCRIPTION_WORDS, ACCOUNT),
        T(GEEK_WORDS, GEEKS),
      ],
    },
    2: {
      title: 'Screens and routes',
      page: TASKS,
      rules: [
        T(/\b(neworder|new-order)\b/i, TASKS),
        T(MESSAGE_WORDS, MESSAGES),
        T(
          /\b(geek-files|Files from a Geek|Files from Geek|Task files|Geek files|upload|uploads|downloaded|attach)\b/i,
          FILES,
        ),
        T(GEEK_WORDS, GEEKS),
        T(
          /\b(payment-success|payment-error|payment-expired|checkout|tips?|Pay-from-balance|balance)\b/i,
          PAYMENTS,
        ),
        T(AFTER_WORDS, STATUSES),
        T(/\b(profile|referral|subscription|phone|Logout|My Profile)\b/i, ACCOUNT),
        T(COUPON_WORDS, TASKS),
        ...PATH_RULES,
      ],
    },
    3: {
      title: 'Entities and fields',
      page: TASKS,
      rules: [
        T(/\b(add-ons?|services|discount|coupon)\b/i, TASKS),
        T(FILE_WORDS, FILES),
        T(/\b(Message|sender_role)\b/, MESSAGES),
        T(GEEK_WORDS, GEEKS),
        T(/\bGeek\b/, GEEKS),
        T(SUBSCRIPTION_WORDS, ACCOUNT),
        T(/\b(User|optout_sms|referral|cashback|phone)\b/, ACCOUNT),
        ...PATH_RULES,
      ],
    },
    4: {
      title: 'States and transitions',
      page: STATUSES,
      rules: [
        T(/Under review|Rating possible|Refund can be requested|Deleted/, STATUSES),
        T(/\b(filters?|new-order|history-block)\b/i, TASKS),
        T(FILE_WORDS, FILES),
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(My Geeks|my-geeks)\b/i, GEEKS),
        T(SUBSCRIPTION_WORDS, ACCOUNT),
        T(/\b(deadline|Apply|pages)\b/i, TASKS),
        F(/features\/(messages|live)\/|domain\/src\/chat\//, MESSAGES),
        F(/features\/files\/|modules\/files\/|domain\/src\/files\/|geek-files/, FILES),
        F(/subscription/, ACCOUNT),
        F(/features\/geeks\/|modules\/geeks\//, GEEKS),
      ],
    },
    5: {
      title: 'Validation rules',
      page: TASKS,
      rules: [
        T(/\b(add-ons?|VIP|Draft|rename|renames|course|subject)\b/i, TASKS),
        T(/\b(file name|file names|uploaded file)/i, FILES),
        T(AFTER_WORDS, STATUSES),
        T(/\b(amount|top-up)\b/i, PAYMENTS),
        T(/\b(Preferred Geek)\b/i, TASKS),
        F(/features\/files\/|domain\/src\/files\//, FILES),
        F(/order-action|rating|revision|refund/, STATUSES),
      ],
    },
    6: {
      title: 'Roles and permissions',
      page: ACCOUNT,
      rules: [
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(sender|writer|operator)\b/i, MESSAGES),
        T(/\bGeek files\b/i, FILES),
        T(/\b(locked|rating|editing)\b/i, STATUSES),
        F(/chat/, MESSAGES),
      ],
    },
    7: {
      title: 'The calls it makes',
      page: HTTP,
      rules: [T(/Essay writing|NEW_TASK_DEFAULTS|deposit ticked/, TASKS)],
    },
    8: {
      title: 'Error catalogue',
      page: HTTP,
      rules: [T(COUPON_WORDS, TASKS), T(/\bpayment\b/i, PAYMENTS), F(/coupon/, TASKS)],
    },
    9: {
      title: 'Business constants and limits',
      page: TASKS,
      rules: [
        T(/\b(token cookie|365 days)\b/i, ACCOUNT),
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(upload|stall|40 ?s)\b/i, FILES),
        T(/\b(Geek rating|floor|floors|completed count|sample Geeks|hour hash|hour-hash)\b/i, GEEKS),
        T(/\b(premium|subscription)\b/i, ACCOUNT),
        T(/\b(star|stars|positive|rating)\b/i, STATUSES),
        T(/\b(cookie|EU|EEA|modal|animation|scroll|breakpoint|dropdown)\b/i, PUBLIC),
        ...PATH_RULES.filter((r) => r.page !== TASKS),
      ],
    },
  },
  '001': {
    1: {
      title: 'What the product does',
      page: PUBLIC,
      rules: [T(COUPON_WORDS, TASKS), T(/\b(held|released|prepay|prepays|15%|platform charge)\b/i, PAYMENTS)],
    },
    2: {
      title: 'Screens and routes',
      page: PUBLIC,
      rules: [
        ...FOLDERS_001,
        T(/\b(Header|footer|Log in and Sign up free|landing|always-visible|legal)\b/, PUBLIC),
        T(/\/r\/|\/orders\/\{hash\}|\breferral\b|\/login\/|\btoken\b/i, ACCOUNT),
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(balance|top-up|top up|Top up|payment-success|payment-error|gateway|tips?)\b/i, PAYMENTS),
        T(
          /\b(profile|log-in|login|log in|sign-up|signup|sign up|restore|auth popup|referral|\/r\/|token)\b/i,
          ACCOUNT,
        ),
        F(/features\/(messages|live)\//, MESSAGES),
        F(/features\/payments\//, PAYMENTS),
        F(/features\/(auth|account)\/|users\//, ACCOUNT),
      ],
    },
    3: {
      title: 'Entities and fields',
      page: ACCOUNT,
      rules: [
        ...FOLDERS_001,
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(gateway|payment|details|use_balance|success_url|cancel_url)\b/i, PAYMENTS),
        T(/\b(consent|consentMode|application|teacher|institution|task draft|landing)\b/i, PUBLIC),
        F(/features\/(messages|live)\/|domain\/src\/chat\//, MESSAGES),
        F(/payments|gateway/, PAYMENTS),
        F(/consent|applications|landing|teachers/, PUBLIC),
      ],
    },
    4: {
      title: 'States and transitions',
      page: ACCOUNT,
      rules: [
        ...FOLDERS_001,
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(consent|cookie|promo|banner|task form|landing|application)\b/i, PUBLIC),
        T(/\b(balance|top-up|top up)\b/i, PAYMENTS),
        T(/\b(deleted|New-order flow|new-order)\b/i, TASKS),
        F(/features\/(messages|live)\/|domain\/src\/chat\//, MESSAGES),
        F(/consent|applications|landing|teachers/, PUBLIC),
        F(/payments/, PAYMENTS),
      ],
    },
    5: {
      title: 'Validation rules',
      page: ACCOUNT,
      rules: [
        ...FOLDERS_001,
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(send button)\b/i, MESSAGES),
        T(/\b(task form|course|landing|application|teacher|institution|Geek application)\b/i, PUBLIC),
        T(/\b(amount|top-up|top up|Top-up)\b/i, PAYMENTS),
        T(/\b(refund)\b/i, STATUSES),
        F(/features\/(messages|live)\/|domain\/src\/chat\//, MESSAGES),
        F(/applications|teachers|landing/, PUBLIC),
        F(/amount|payments/, PAYMENTS),
      ],
    },
    6: {
      title: 'Roles and permissions',
      page: ACCOUNT,
      rules: [
        T(MESSAGE_WORDS, MESSAGES),
        T(/\b(operator|to_user)\b/i, MESSAGES),
        T(/\b(visitor|marketing)\b/i, PUBLIC),
      ],
    },
    7: {
      title: 'The calls it makes',
      page: HTTP,
      rules: [T(/\b(gateway|return URLs?|success_url|cancel_url|top-up|Topup|form POST)\b/i, PAYMENTS)],
    },
    8: {
      title: 'Error catalogue',
      page: PUBLIC,
      rules: [
        ...FOLDERS_001,
        T(
          /\b(log-in|login|log in|sign-up|signup|sign up|restore|User wasn't find|Cant find code|Already exists|profile|phone)\b/i,
          ACCOUNT,
        ),
        T(/\b(balance|amount|gateway)\b/i, PAYMENTS),
        T(MESSAGE_WORDS, MESSAGES),
        F(/features\/(auth|account)\/|modules\/users\/|domain\/src\/users\//, ACCOUNT),
        F(/payments/, PAYMENTS),
        F(/messages/, MESSAGES),
      ],
    },
    9: {
      title: 'Business constants and limits',
      page: PUBLIC,
      rules: [
        ...FOLDERS_001,
        T(/\b(phone|mask|masks|country list|password|log-in|sign-up|blocked country)\b/i, ACCOUNT),
        T(/\b(refund window|refund request window|60 days|refund)\b/i, STATUSES),
        T(/\b(top-up|Top-up|balance|9999999)\b/i, PAYMENTS),
        T(/\b(NEWUSER|promo)\b/i, TASKS),
        T(MESSAGE_WORDS, MESSAGES),
        F(/features\/(auth|account)\/|users\//, ACCOUNT),
        F(/payments/, PAYMENTS),
      ],
    },
  },
};

// Named sections of the three outside documents that are not specifications.
const API_PAGE = HTTP;
const DESIGN_SECTIONS = [
  [/^(Payments)$/i, PAYMENTS],
  [/^(Data and money|Money)$/i, PAYMENTS],
  [/^Files$/i, FILES],
  [/^(Live updates|Live updates and chat)$/i, 'docs/decisions/019-live-events-and-messages.md'],
  [/^Orders$/i, STATUSES],
  [/^Stack$/i, 'docs/decisions/001-stack.md'],
  [/^Honesty$/i, PUBLIC],
  [/^Tests$/i, 'docs/decisions/005-test-databases.md'],
  [/^Security$/i, 'docs/decisions/002-sessions.md'],
  [/^Mail$/i, 'docs/decisions/024-receipts-welcome-mail-and-link-destinations.md'],
  [/^(Running for real|Configuration)$/i, 'docs/decisions/031-production-mode-and-several-processes.md'],
];
const DESIGN_DEFAULT = 'README.md';
const DESIGN_WORDS = [
  [/\b(ledger|money|payment|payments|gateway)\b/i, PAYMENTS],
  [/\b(files|storage|upload)\b/i, FILES],
  [/\b(process memory|processes)\b/i, 'docs/decisions/031-production-mode-and-several-processes.md'],
];
const STYLE_HABITS = { 6: 'README.md', 8: 'docs/decisions/008-order-state-machine.md' };
const STYLE_DEFAULT = 'README.md';

/**
 * The page for one section: rules in order against the words right after the pointer (and the file's path),
 * then the text rules again against the pointer's whole line, then the section's default page.
 */
function pageFor(doc, section, text, file, after = '') {
  const entry = SECTIONS[doc]?.[section];
  if (!entry) return null;
  for (const rule of entry.rules) if (rule.re.test(rule.on === 'text' ? after : file)) return rule.page;
  for (const rule of entry.rules) if (rule.on === 'text' && rule.re.test(text)) return rule.page;
  return entry.page;
}

/** The words after a pointer, to the end of its sentence (at most 120 characters). */
function wordsAfter(text, from) {
  const rest = text.slice(from, from + 120);
  const end = rest.search(/[.;](\s|$)/);
  return end < 0 ? rest : rest.slice(0, end);
}

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
      let j = i + 1;
      while (j < src.length && src[j] !== '`') {
        if (src[j] === '\\') j += 2;
        else if (src[j] === '$' && src[j + 1] === '{') break;
        else j += 1;
      }
      if (src[j] === '`') {
        i = j + 1;
        push(i, 'template');
      } else {
        i = j + 2;
        push(i, 'template');
        braces.push(0);
      }
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
        let j = i + 1;
        while (j < src.length && src[j] !== '`') {
          if (src[j] === '\\') j += 2;
          else if (src[j] === '$' && src[j + 1] === '{') break;
          else j += 1;
        }
        if (src[j] === '`') {
          i = j + 1;
          push(i, 'template');
        } else {
          i = j + 2;
          push(i, 'template');
          braces.push(0);
        }
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
const SECTION = /§ ?(\d)\b|\bsection (\d)\b/g;
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

function lineAround(text, index) {
  const a = text.lastIndexOf('\n', index - 1) + 1;
  let b = text.indexOf('\n', index);
  if (b < 0) b = text.length;
  return text.slice(a, b);
}

function relLink(file, target) {
  const rel = posix.relative(posix.dirname(file), target) || posix.basename(target);
  return rel;
}

/**
 * Rewrites the pointers in one prose span. Returns { text, rewritten, leftovers: [{index, match}] }.
 * ctx: { file, markdown }.
 */
const TARGETS_USED = new Set();

function rewriteProse(text, ctx) {
  let rewritten = 0;
  const edits = []; // [start, end, replacement]
  const taken = (s, e) => edits.some(([a, b]) => s < b && e > a);
  const isCode = ctx.markdown ? codeMask(text) : null;
  const format = (target, at) => {
    TARGETS_USED.add(target);
    if (!ctx.markdown || isCode[at]) return target;
    return `[${target}](${relLink(ctx.file, target)})`;
  };

  // 1. Seed mentions and every "§N" that belongs to them (in the same comment block or paragraph).
  const mentions = [...text.matchAll(DOC_MENTION)];
  for (let k = 0; k < mentions.length; k += 1) {
    const m = mentions[k];
    if (taken(m.index, m.index + m[0].length)) continue; // read as part of the previous mention's list
    const doc = m[1] ?? guessDoc(ctx.file);
    const blockEnd = k + 1 < mentions.length ? mentions[k + 1].index : paragraphEnd(text, m.index);
    const afterMention = m.index + m[0].length;
    // sections directly after the mention: "§4", "§2, §7", "§5 and §9", "section 4"
    const direct =
      /^\s*(?:§ ?\d|section \d)(?:\s*(?:[–-]|,|and|&|\/)\s*(?:(?:seed )?00[01] )?§? ?\d\b)*/.exec(
        text.slice(afterMention),
      );
    if (direct) {
      // "§2, §5", "§2–4", "§1–§9", "§6 / 001 §8"
      const refs = [];
      let current = doc;
      let previous = null;
      for (const part of direct[0].matchAll(/([–-])?\s*(?:(?:seed )?(00[01]) )?§? ?(\d)\b/g)) {
        if (part[2]) current = part[2];
        const n = Number(part[3]);
        if (part[1] && previous !== null) for (let x = previous + 1; x < n; x += 1) refs.push([current, x]);
        refs.push([current, n]);
        previous = n;
      }
      const context = lineAround(text, m.index);
      const after = wordsAfter(text, afterMention + direct[0].length);
      const pages = [
        ...new Set(refs.map(([d, n]) => pageFor(d, n, context, ctx.file, after)).filter(Boolean)),
      ];
      if (pages.length > 0) {
        const end = afterMention + direct[0].length;
        // keep a possessive that follows the sections ("seed 000 §4's rules")
        edits.push([m.index, end, pages.map((p) => format(p, m.index)).join(', ')]);
        rewritten += 1;
      }
    } else {
      // a bare mention: "Seed 000 names …", "seed 000 (§3 Subscription, §4 display)"
      const cap = /^S/.test(m[0]);
      const possessive = /['’]s$/.test(m[0]) ? '’s' : '';
      const bare = `${cap ? 'The' : 'the'} spec${possessive}`;
      edits.push([m.index, afterMention, bare]);
      rewritten += 1;
    }
    // later "§N" in the same block
    const blockText = text.slice(afterMention, blockEnd);
    for (const s of blockText.matchAll(SECTION)) {
      const at = afterMention + s.index;
      if (taken(at, at + s[0].length)) continue;
      const n = Number(s[1] ?? s[2]);
      const page = pageFor(doc, n, lineAround(text, at), ctx.file, wordsAfter(text, at + s[0].length));
      if (!page) continue;
      edits.push([at, at + s[0].length, format(page, at)]);
      rewritten += 1;
    }
  }

  // 2. API.md, DESIGN.md, STYLE.md, DEVELOPERS.md (with a quoted section or a habit number).
  for (const m of text.matchAll(OUTSIDE_FILE)) {
    if (taken(m.index, m.index + m[0].length)) continue;
    const [whole, name, , section, habit] = m;
    let target;
    const consumed = whole;
    if (name === 'API') {
      // keep the quoted section name as written: http-api.md keeps the same headings
      edits.push([
        m.index,
        m.index + 'API.md'.length + (whole.length - whole.replace(/^(?:\.\.\/)*(?:shared\/)?/, '').length),
        format(API_PAGE, m.index),
      ]);
      rewritten += 1;
      continue;
    }
    if (name === 'DESIGN')
      target =
        DESIGN_SECTIONS.find(([re]) => section && re.test(section))?.[1] ??
        DESIGN_WORDS.find(([re]) => re.test(lineAround(text, m.index)))?.[1] ??
        DESIGN_DEFAULT;
    else if (name === 'STYLE') target = STYLE_HABITS[habit] ?? STYLE_DEFAULT;
    else target = 'README.md';
    edits.push([m.index, m.index + consumed.length, format(target, m.index)]);
    rewritten += 1;
  }

  // 3. Any other ../shared/... path.
  for (const m of text.matchAll(SHARED_PATH)) {
    if (taken(m.index, m.index + m[0].length)) continue;
    const target = /API/.test(m[0]) ? API_PAGE : /seeds?\//.test(m[0]) ? INDEX : 'README.md';
    edits.push([m.index, m.index + m[0].length, format(target, m.index)]);
    rewritten += 1;
  }

  // 4. "the seed's words", "the seeds say": the spec, which docs/product/ restates.
  for (const m of text.matchAll(SPEC_WORD)) {
    if (taken(m.index, m.index + m[0].length)) continue;
    if (isDemoSense(text, m.index, m[1])) continue;
    const word = m[1];
    const spec = { seed: 'spec', seeds: 'specs', Seed: 'Spec', Seeds: 'Specs' }[word];
    edits.push([m.index, m.index + word.length, spec]);
    rewritten += 1;
  }

  edits.sort((a, b) => b[0] - a[0]);
  let out = text;
  for (const [s, e, r] of edits) out = out.slice(0, s) + r + out.slice(e);
  // "docs/product/a.md, docs/product/a.md" from "§2, §5" of one page
  out = out.replace(
    /(\[[^\]\n]+\]\([^)\n]+\)|(?:docs\/(?:product|decisions)\/)?[\w-]+\.md)(?:(?:, | and | & )\1)+/g,
    '$1',
  );
  return { text: out, rewritten };
}

function paragraphEnd(text, from) {
  const j = text.indexOf('\n\n', from);
  return j < 0 ? text.length : j;
}

function guessDoc(file) {
  return /legal|landing|public|auth|account|consent|applications|teachers|messages|users/.test(file)
    ? '001'
    : '000';
}

/** For markdown: true at each index inside a code span or a fenced block. */
function codeMask(text) {
  const mask = new Uint8Array(text.length);
  let fence = false;
  let pos = 0;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fence = !fence;
      mask.fill(1, pos, pos + line.length);
    } else if (fence) mask.fill(1, pos, pos + line.length);
    else {
      for (const m of line.matchAll(/`[^`]*`/g)) mask.fill(1, pos + m.index, pos + m.index + m[0].length);
    }
    pos += line.length + 1;
  }
  return mask;
}

/** Every pointer still in a text, as { index, match } (the same grammar as the rewrite). */
function findPointers(text, file) {
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
      for (const p of findPointers(span.text, file)) {
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
  console.error('Point to a file in the repository instead: a page of docs/product/, a decision, a test .');
  process.exitCode = 1;
}

main();
