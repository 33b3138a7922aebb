// The house rules that no stock ESLint rule states, as a local plugin (eslint.config.js loads it).

const ALLOWED_IN_DOMAIN = new Set(['zod', '@date-fns/tz']);

/** domain/ is plain TypeScript: it imports its own files, zod and the date library, nothing else. */
const domainImports = {
  meta: {
    type: 'problem',
    messages: {
      outside: "domain/ imports only zod and the date library (and its own files), not '{{source}}'.",
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

export default {
  meta: { name: 'club-house-rules' },
  rules: {
    'domain-imports': domainImports,
    'no-club-time-parsing': noClubTimeParsing,
    'no-restated-rules': noRestatedRules,
  },
};
