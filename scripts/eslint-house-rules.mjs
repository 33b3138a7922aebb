// The house rules that no stock ESLint rule states, as a local plugin (eslint.config.js loads it).
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ALLOWED_IN_DOMAIN = new Set(['zod', '@date-fns/tz', 'markdown-it', 'libphonenumber-js']);

/** domain/ is plain TypeScript: it imports its own files, zod, the date library, the Markdown renderer and the phone library, nothing else. */
const domainImports = {
  meta: {
    type: 'problem',
    messages: {
      outside: "domain/ imports only zod, the date library, the Markdown renderer and the phone library (and its own files), not '{{source}}'.",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof source !== 'string') return;
      if (source.startsWith('./') || source.startsWith('../')) return;
      const pkg = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
      if (!ALLOWED_IN_DOMAIN.has(pkg)) context.report({ node, messageId: 'outside', data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

function isDateParse(node) {
  const callee = node.callee;
  if (node.type === 'NewExpression') return callee.type === 'Identifier' && callee.name === 'Date';
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Date' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'parse'
  );
}

/** A string built from a date and a 'T…' time part: `${date}T${time}`, `${date}T12:00:00Z`, date + 'T' + time. */
function buildsDateTime(arg) {
  if (!arg) return false;
  if (arg.type === 'TemplateLiteral') {
    return arg.expressions.length > 0 && arg.quasis.slice(1).some((q) => /^T/.test(q.value.cooked ?? q.value.raw));
  }
  if (arg.type === 'BinaryExpression' && arg.operator === '+') {
    const parts = [];
    const walk = (n) => (n.type === 'BinaryExpression' && n.operator === '+' ? (walk(n.left), walk(n.right)) : parts.push(n));
    walk(arg);
    return parts.some((p) => p.type === 'Literal' && typeof p.value === 'string' && /^T/.test(p.value)) && parts.some((p) => p.type !== 'Literal');
  }
  return false;
}

/**
 * A club date and time are read on the club's clock only (domain/clock.ts): parsing one with Date
 * reads it in the machine's zone, which on a phone abroad is another day or hour.
 */
const noClubTimeParsing = {
  meta: {
    type: 'problem',
    messages: {
      parse:
        "Don't parse a club date or time with Date: use domain/clock.ts (startInstant, hoursUntil, hasStarted, weekdayOf, calendarDateForFormatting).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (isDateParse(node) && buildsDateTime(node.arguments[0])) context.report({ node, messageId: 'parse' });
    };
    return { NewExpression: check, CallExpression: check };
  },
};

const RULE_WORDS = /\b\d+\s+hours?\b.*\babsence|\babsences? suspend|\bthree absences\b/i;

/**
 * The words of a club rule ("less than 24 hours … counts as an absence", "three absences suspend…")
 * are built in domain/rules.ts from its numbers, so a screen never states an old number.
 */
const noRestatedRules = {
  meta: {
    type: 'problem',
    messages: {
      restated: 'This text states a club rule: take its words from RULE_TEXT in domain/rules.ts.',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && RULE_WORDS.test(text.replace(/\s+/g, ' '))) context.report({ node, messageId: 'restated' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked),
      JSXText: (node) => check(node, node.value),
    };
  },
};

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];
const statCache = new Map();
function mtimeOf(path) {
  if (!statCache.has(path)) {
    let mtime = null;
    try {
      const st = statSync(path);
      if (st.isFile()) mtime = st.mtimeMs;
    } catch {
      // not there
    }
    statCache.set(path, mtime);
  }
  return statCache.get(path);
}

/** The file a relative specifier names (with or without its extension, or a folder's index); null for a package. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'));
  return candidates.find((c) => mtimeOf(c) !== null) ?? null;
}

/** Every module a source imports, type-only imports, re-exports and import() included. */
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

const importCache = new Map();
function importsOf(file) {
  const mtime = mtimeOf(file);
  const cached = importCache.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  let targets = [];
  try {
    targets = [...new Set(specifiersOf(readFileSync(file, 'utf8')).map((s) => resolveSpecifier(file, s)).filter(Boolean))];
  } catch {
    // unreadable: imports nothing
  }
  importCache.set(file, { mtime, targets });
  return targets;
}

/** A path of imports from `start` back to `file`, or null. */
function pathBack(start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of importsOf(at)) {
      if (next === file) {
        const path = [at];
        for (let step = cameFrom.get(at); step !== null; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * No import cycles, counting what import-x/no-cycle leaves out: type-only imports (`import type`,
 * `export type … from`) and `import()` types. A cycle of types is still two modules that cannot be
 * understood, moved or tested one without the other.
 */
const noImportCycle = {
  meta: {
    type: 'problem',
    messages: {
      cycle: 'Import cycle: {{path}}. Type-only imports count too: move what both need to a module of its own.',
    },
    schema: [],
  },
  create(context) {
    // Files change between runs of a long-lived linter (an editor's): look again for each file linted.
    statCache.clear();
    const file = context.physicalFilename;
    const nodes = new Map();
    const remember = (node) => {
      const source = node.source ?? node.argument;
      const value = source && source.type === 'Literal' ? source.value : source?.type === 'TSLiteralType' ? source.literal.value : null;
      if (typeof value === 'string' && !nodes.has(value)) nodes.set(value, node);
    };
    return {
      ImportDeclaration: remember,
      ExportNamedDeclaration: remember,
      ExportAllDeclaration: remember,
      ImportExpression: remember,
      TSImportType: remember,
      'Program:exit'(program) {
        if (!file || file === '<text>') return;
        const root = context.cwd;
        for (const specifier of new Set(specifiersOf(context.sourceCode.text))) {
          const target = resolveSpecifier(file, specifier);
          if (!target || target === file) continue;
          const back = pathBack(target, file);
          if (!back) continue;
          const path = [file, ...back, file].map((p) => relative(root, p)).join(' → ');
          context.report({ node: nodes.get(specifier) ?? program, messageId: 'cycle', data: { path } });
        }
      },
    };
  },
};

/** Every source file under `dir` (tests left out: a test may reach anywhere). */
function sourcesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? sourcesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The room (first folder under `roomsDir`) a file is in, or null for a file of the root itself or outside. */
function roomOf(roomsDir, file) {
  const rel = relative(roomsDir, file);
  if (rel.startsWith('..') || !rel.includes(sep)) return null;
  return rel.split(sep)[0];
}

/**
 * Two of the server's rooms (features) never import each other both ways, even through files that
 * make no cycle: one of them is the other's foundation, and what both need goes to a third room (as
 * uploads did to media/) or is handed over by the composition root (as the publish checks are).
 * Options: `{ rooms: 'api', notRooms: ['platform', …] }`, the rooms' folder from the linter's cwd.
 */
const noMutualRoomImports = {
  meta: {
    type: 'problem',
    messages: {
      mutual:
        "api/{{from}}/ imports api/{{to}}/, which imports it back ({{back}}): rooms import each other one way only. Move what both need to a room of its own, or let the composition root hand it over.",
    },
    schema: [
      {
        type: 'object',
        properties: { rooms: { type: 'string' }, notRooms: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    statCache.clear();
    const { rooms = 'api', notRooms = [] } = context.options[0] ?? {};
    const roomsDir = join(context.cwd, rooms);
    const file = context.physicalFilename;
    if (!file || file === '<text>') return {};
    const from = roomOf(roomsDir, file);
    if (from === null || notRooms.includes(from)) return {};
    /** A file of room `to` that imports room `from`, or null. */
    const importBack = (to) => {
      for (const other of sourcesUnder(join(roomsDir, to))) {
        if (importsOf(other).some((target) => roomOf(roomsDir, target) === from)) return other;
      }
      return null;
    };
    const reported = new Set();
    const check = (node) => {
      const source = node.source ?? node.argument;
      const value = source && source.type === 'Literal' ? source.value : source?.type === 'TSLiteralType' ? source.literal.value : null;
      if (typeof value !== 'string') return;
      const target = resolveSpecifier(file, value);
      const to = target && roomOf(roomsDir, target);
      if (!to || to === from || notRooms.includes(to) || reported.has(to)) return;
      const back = importBack(to);
      if (!back) return;
      reported.add(to);
      context.report({ node, messageId: 'mutual', data: { from, to, back: relative(context.cwd, back) } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};

/** Whether an expression carries words of its own: a string, a template with text, or either in a `? :`, `??`, `||` or `+`. */
function hasInlineWords(node) {
  if (!node) return false;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string';
    case 'TemplateLiteral':
      return node.quasis.some((q) => (q.value.cooked ?? q.value.raw).trim() !== '');
    case 'ConditionalExpression':
      return hasInlineWords(node.consequent) || hasInlineWords(node.alternate);
    case 'LogicalExpression':
      return hasInlineWords(node.left) || hasInlineWords(node.right);
    case 'BinaryExpression':
      return node.operator === '+' && (hasInlineWords(node.left) || hasInlineWords(node.right));
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return hasInlineWords(node.expression);
    default:
      return false;
  }
}

/** The name an expression ends with: `x` for `x`, `y` for `a.b.y`; null otherwise. */
const nameOf = (node) =>
  node.type === 'Identifier' ? node.name : node.type === 'MemberExpression' && node.property.type === 'Identifier' ? node.property.name : null;

/**
 * The server refuses in the contract's words (its area's module in domain/contract/: a constant, or a function for
 * words with a value in them), never words written where it refuses, so the PWA and the server say the
 * same thing and a wording lives in one place: the message of `new ServiceError(status, message)`, of
 * `routeId(c, message)`, and an answer's `error` property, are named, not spelled out.
 */
const refusalWordsFromContract = {
  meta: {
    type: 'problem',
    messages: {
      inline:
        "Refuse in the contract's words: name a constant (or a message function) of its area's module in domain/contract/ instead of writing the {{what}}'s words here.",
    },
    schema: [],
  },
  create(context) {
    const check = (node, what) => {
      if (hasInlineWords(node)) context.report({ node, messageId: 'inline', data: { what } });
    };
    return {
      NewExpression(node) {
        if (nameOf(node.callee) === 'ServiceError') check(node.arguments[1], 'refusal');
      },
      CallExpression(node) {
        if (nameOf(node.callee) === 'routeId') check(node.arguments[1], 'refusal');
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (key === 'error' && node.parent.type === 'ObjectExpression') check(node.value, 'error answer');
      },
    };
  },
};

const QUERY_HOOKS = new Set(['useQuery', 'useQueries', 'useSuspenseQuery', 'useSuspenseQueries', 'useInfiniteQuery', 'useSuspenseInfiniteQuery']);

/**
 * A screen reads the API one way: useRead (pwa/lib/data/read.ts), which runs on TanStack Query under
 * the data layer and on its own small runner on a visitor's page. Only pwa/lib/data/ calls useQuery.
 */
const readWithUseRead = {
  meta: {
    type: 'problem',
    messages: {
      direct: "Read with useRead (pwa/lib/data/read.ts) in the feature's *-queries.ts, not TanStack's {{name}}.",
    },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.source.value !== '@tanstack/react-query') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && QUERY_HOOKS.has(spec.imported.name ?? spec.imported.value)) {
            context.report({ node: spec, messageId: 'direct', data: { name: spec.imported.name ?? spec.imported.value } });
          }
        }
      },
    };
  },
};

const INTL_FORMATS = new Set(['DateTimeFormat', 'NumberFormat']);

/** `Intl.DateTimeFormat` or `Intl.NumberFormat` however it is reached: `new Intl.NumberFormat(…)`, `Intl.DateTimeFormat(…)`. */
function isIntlFormat(node) {
  return (
    node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    node.object.name === 'Intl' &&
    INTL_FORMATS.has(node.property.type === 'Identifier' ? node.property.name : node.property.value)
  );
}

/**
 * Dates, times and money become text one way: domain/region/club-format.ts, which the PWA reaches through
 * pwa/lib/ui/format.ts and the server through clubDates(deps) (api/club/settings.ts), so one screen,
 * email or refusal never shows two styles and the club's clock and language are never forgotten.
 */
const formatThroughFormatModule = {
  meta: {
    type: 'problem',
    messages: {
      intl: 'Format dates, times and money with domain/region/club-format.ts: in the PWA through pwa/lib/ui/format.ts (formatDate, formatTime, formatMoney…), on the server through clubDates(deps); not Intl.DateTimeFormat or Intl.NumberFormat.',
      locale: 'Format with domain/region/club-format.ts: in the PWA through pwa/lib/ui/format.ts (formatDate, formatDateTime, formatNumber…), on the server through clubDates(deps); not {{name}}.',
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (isIntlFormat(node)) context.report({ node, messageId: 'intl' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (/^toLocale(Date|Time)?String$/.test(callee.property.name)) {
          context.report({ node, messageId: 'locale', data: { name: callee.property.name } });
        }
      },
    };
  },
};

/** The numbers of the club's rules that a check outside domain/ would restate. */
const RULE_NUMBERS = new Set([
  // The attendance rules' numbers, as the club's settings name them (domain/rules.ts RuleNumbers).
  'lateCancelHours',
  'absencesBeforeSuspension',
  'suspensionDays',
  'postingNoticeMinutes',
  'RENEWAL_WINDOW_DAYS',
]);
const ARITHMETIC = new Set(['<', '<=', '>', '>=', '+', '-', '*', '/', '%']);

/**
 * A rule's number compared or computed with outside domain/ (`hours < rules.lateCancelHours`,
 * `now + rules.suspensionDays * DAY`) is the rule written out again: apply its function from domain/ instead.
 */
const noRuleArithmetic = {
  meta: {
    type: 'problem',
    messages: {
      arithmetic: '{{name}} is a club rule: apply it with its function in domain/ (insideLateCancelWindow, suspensionEndsAt, inRenewalWindow…), not by hand.',
    },
    schema: [],
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (!ARITHMETIC.has(node.operator)) return;
        for (const side of [node.left, node.right]) {
          const name = nameOf(side);
          if (name && RULE_NUMBERS.has(name)) context.report({ node, messageId: 'arithmetic', data: { name } });
        }
      },
    };
  },
};

/** The expression under `as`, `!`, `?.` and parentheses. */
function unwrap(node) {
  let n = node;
  while (n && (n.type === 'TSAsExpression' || n.type === 'TSNonNullExpression' || n.type === 'ChainExpression' || n.type === 'TSSatisfiesExpression')) {
    if (n.type === 'TSAsExpression' && n.typeAnnotation.type === 'TSTypeReference' && /^(Api)?Error$/.test(n.typeAnnotation.typeName.name ?? '')) return n;
    n = n.expression;
  }
  return n;
}

const propertyName = (node) => (node.computed ? (node.property.type === 'Literal' ? node.property.value : null) : node.property.name);

/** What a failed call is called where it is caught or read: err, error, e, loadError(query), query.error, attendanceError. */
function looksLikeAFailure(node) {
  if (node.type === 'Identifier') return /^(e|err|error|\w+Error)$/.test(node.name);
  if (node.type === 'MemberExpression') return propertyName(node) === 'error';
  if (node.type === 'CallExpression') return node.callee.type === 'Identifier' && /[eE]rror$/.test(node.callee.name);
  return false;
}

/** The function (or the program) a node stands in. */
function functionOf(node) {
  let n = node.parent;
  while (n && !/Function/.test(n.type) && n.type !== 'Program') n = n.parent;
  return n;
}

/** Whether `node` is read where a test `<same> instanceof <Class>` has made it another class than an ApiError. */
function narrowedToAnother(node, source) {
  const text = source.getText(node);
  for (let child = node, n = node.parent; n; child = n, n = n.parent) {
    const test = n.type === 'ConditionalExpression' || n.type === 'IfStatement' ? n.test : n.type === 'LogicalExpression' && n.operator === '&&' ? n.left : null;
    if (!test || test === child) continue;
    const parts = test.type === 'LogicalExpression' ? [test.left, test.right] : [test];
    for (const t of parts) {
      if (t.type === 'BinaryExpression' && t.operator === 'instanceof' && t.right.type === 'Identifier' && !/^(Api)?Error$/.test(t.right.name)) {
        if (source.getText(t.left) === text) return true;
      }
    }
  }
  return false;
}

/**
 * A refusal is worded one way in the PWA: errorMessage(err, fallback) (the server's words, or the
 * screen's own), and a field's own error from fieldRefusal(err), both in pwa/lib/data/api-client.ts.
 * No screen builds a message from an ApiError itself: no `err.body.error`, no `err.message` of a
 * failed call ('Error: …', 'Failed to …: …' beside the server's words).
 */
const refusalThroughErrorMessage = {
  meta: {
    type: 'problem',
    messages: {
      body: "Word a refusal with errorMessage(err, fallback) (pwa/lib/data/api-client.ts), not by reading the answer's `error` yourself.",
      message: 'Word a refusal with errorMessage(err, fallback), or a field\'s with fieldRefusal(err) (pwa/lib/data/api-client.ts), not from {{what}}.message.',
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode ?? context.getSourceCode();
    const tested = new Map(); // function → names tested with `instanceof ApiError` in it
    const reads = [];
    return {
      BinaryExpression(node) {
        if (node.operator !== 'instanceof' || node.right.type !== 'Identifier' || node.right.name !== 'ApiError' || node.left.type !== 'Identifier') return;
        const fn = functionOf(node);
        if (!tested.has(fn)) tested.set(fn, new Set());
        tested.get(fn).add(node.left.name);
      },
      MemberExpression(node) {
        const name = propertyName(node);
        if (name === 'error') {
          const object = unwrap(node.object);
          if (object.type === 'MemberExpression' && propertyName(object) === 'body') context.report({ node, messageId: 'body' });
          return;
        }
        if (name === 'message') reads.push(node);
      },
      'Program:exit'() {
        for (const node of reads) {
          const object = unwrap(node.object);
          const cast = object.type === 'TSAsExpression';
          const testedHere = object.type === 'Identifier' && [...tested].some(([fn, names]) => names.has(object.name) && isInside(node, fn));
          if (cast || testedHere || (looksLikeAFailure(object) && !narrowedToAnother(object, source))) {
            context.report({ node, messageId: 'message', data: { what: source.getText(object) } });
          }
        }
      },
    };
  },
};

function isInside(node, ancestor) {
  for (let n = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/**
 * A form checks what was typed through the contract's form wrapper (useContractForm, the deferred
 * form, or a club document's editor): a screen never runs a schema's safeParse itself, with its own
 * error state beside the wrapper's.
 */
const checkThroughFormWrapper = {
  meta: {
    type: 'problem',
    messages: {
      safeParse:
        'Check a form through pwa/lib/forms (useContractForm, useDeferredContractForm, addIssues, firstProblem) or a document editor, not with {{name}} here.',
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (name === 'safeParse' || name === 'safeParseAsync') context.report({ node, messageId: 'safeParse', data: { name } });
      },
    };
  },
};

export default {
  meta: { name: 'club-house-rules' },
  rules: {
    'domain-imports': domainImports,
    'no-club-time-parsing': noClubTimeParsing,
    'no-restated-rules': noRestatedRules,
    'no-import-cycle': noImportCycle,
    'no-mutual-room-imports': noMutualRoomImports,
    'refusal-words-from-contract': refusalWordsFromContract,
    'read-with-use-read': readWithUseRead,
    'format-through-format-module': formatThroughFormatModule,
    'no-rule-arithmetic': noRuleArithmetic,
    'refusal-through-error-message': refusalThroughErrorMessage,
    'check-through-form-wrapper': checkThroughFormWrapper,
  },
};
