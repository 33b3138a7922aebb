import { useSyncExternalStore } from 'react';
import { DEFAULT_RULE_NUMBERS, RULE_NUMBER_BOUNDS, ruleText, type RuleNumbers, type RuleText } from '../../../domain/rules';
import { receiveSetting } from './settings-inbox';

// The club's attendance rules' numbers, learned with GET /api/config (and a server-rendered page's
// data), kept by the service worker with that answer so an offline device words and warns with the
// numbers it last saw. The server's own numbers decide every write, a queued one included.

const listeners = new Set<() => void>();
let numbers: RuleNumbers = DEFAULT_RULE_NUMBERS;
let words: RuleText = ruleText(numbers);

const KEYS = Object.keys(RULE_NUMBER_BOUNDS) as (keyof RuleNumbers)[];
/** The numbers a club may leave out (a choice whose default is "not set"). */
const OPTIONAL = new Set<keyof RuleNumbers>(['postingNoticeMinutes']);

function valid(value: unknown): value is RuleNumbers {
  if (typeof value !== 'object' || value === null) return false;
  return KEYS.every((key) => {
    const n = (value as Record<string, unknown>)[key];
    if (n === undefined && OPTIONAL.has(key)) return true;
    return typeof n === 'number' && Number.isInteger(n) && n >= RULE_NUMBER_BOUNDS[key].min && n <= RULE_NUMBER_BOUNDS[key].max;
  });
}

/** Only the rules' own numbers, each given one in place (what the schema keeps of a document). */
function numbersOf(value: RuleNumbers): RuleNumbers {
  const kept: Partial<Record<keyof RuleNumbers, number>> = {};
  for (const key of KEYS) if (value[key] !== undefined) kept[key] = value[key];
  return kept as RuleNumbers;
}

/** The numbers in force as this device knows them. */
export function clubRules(): RuleNumbers {
  return numbers;
}

/** Takes the server's numbers; anything malformed is ignored. */
export function setClubRules(next: unknown): void {
  if (!valid(next)) return;
  if (KEYS.every((key) => next[key] === numbers[key])) return;
  numbers = numbersOf(next);
  words = ruleText(numbers);
  for (const listener of listeners) listener();
}

receiveSetting('rules', setClubRules);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentWords = () => words;

/** The rules' numbers for a component, re-rendering when the server's answer changes them. */
export function useClubRules(): RuleNumbers {
  return useSyncExternalStore(subscribe, clubRules, clubRules);
}

/** The rules' words for a component ('less than 24 hours'…), from the numbers in force. */
export function useRuleText(): RuleText {
  return useSyncExternalStore(subscribe, currentWords, currentWords);
}
