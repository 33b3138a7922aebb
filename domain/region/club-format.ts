// How the club writes its dates, times and money for people: one format for the app's screens, the
// emails, the pushes and the server's refusals, in the club's language (its `region` document's locale).
// Dates come in three lengths, a date with its time is joined by the locale's own word for "at"
// ('Monday, March 2, 2026 at 6:15 PM' in en-US, 'Monday 2 March 2026 at 6:15 pm' in en-AU), and
// the clock is the locale's own (12- or 24-hour). Every piece comes from Intl; only the joins are
// ours, so that the short and medium lengths read like the long one. Club dates and times are the
// stored club-local strings ('YYYY-MM-DD', 'HH:MM'), formatted as they are: no zone shifts them.
// Only Intl: the PWA's first download formats dates without the zone library.
import { calendarDateForFormatting } from '../calendar-days';
import { DEFAULT_CLUB_REGION } from './club-region';

/** 'short': 'Mon, Mar 2, 2026'; 'medium': 'Mar 2, 2026'; 'long': 'Monday, March 2, 2026' (en-US). */
export type ClubDateStyle = 'short' | 'medium' | 'long';

/** The club's writing of dates and times in one locale. */
export interface ClubFormat {
  /** The canonical locale it writes in. */
  readonly locale: string;
  /** 'HH:MM' (24 h, as stored) as the locale's clock, '6:15 PM' (en-US); '' or nothing as ''. */
  time(time: string | null | undefined): string;
  /** A club date ('YYYY-MM-DD') in one of the three styles; anything else is shown as given. */
  date(date: string, style?: ClubDateStyle): string;
  /** A part of a club date: its weekday ('Monday', 'Mon'), its day of the month ('2'), its month and year ('March 2027'). */
  datePart(date: string, part: 'weekday' | 'weekday-short' | 'day' | 'month'): string;
  /**
   * A club date and time, 'Monday, March 2, 2026 at 6:15 PM'; with an end on the same day,
   * 'Monday, March 2, 2026, 6:00 – 7:30 PM'. No time (an all-day event): the date alone.
   */
  dateTime(date: string, time: string | null | undefined, style?: ClubDateStyle, end?: string | null): string;
  /** A start and an end: '6:00 – 7:30 PM' (one AM/PM when both share it), '11:00 AM – 12:30 PM'; no end: the start alone. */
  timeRange(start: string, end: string | null | undefined): string;
  /** An instant (epoch ms) as its date and time on the club's clock, 'Mar 2, 2026 at 6:22 PM'; no zone: the device's. */
  instant(instant: number, timeZone?: string, style?: ClubDateStyle): string;
  /**
   * An amount in whole minor units of `currency` (cents, or yen: JPY has none) as the locale writes
   * it: 28928 CAD is '$289.28' in en-US and en-CA, '289,28 $' in fr-CA; 1200 JPY is '¥1,200'. The
   * symbol is the narrow one (a club counts in one currency, so '$' is never ambiguous to its members).
   */
  money(minor: number, currency: string): string;
}

/**
 * `tag` as a canonical BCP 47 locale this runtime can write dates in ('en-au' → 'en-AU'), or null
 * (not a tag, or a language Intl has no data for).
 */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== 'string' || tag.trim() === '' || tag.length > 50) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : null;
  } catch {
    return null;
  }
}

// Building an Intl.DateTimeFormat costs far more than using one, and a list of 300 cards formats
// hundreds of dates per render: one formatter per locale and set of options.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

// Intl puts a narrow or thin no-break space before 'PM' and around a range's dash: the club writes a
// plain space, the same in an email, a push and a screen.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

const TIME = /^(\d{1,2}):(\d{2})/;

/** A stored 'HH:MM' as an instant on 1 January 1970 UTC, to be written with timeZone 'UTC'; null when it is not a time of day. */
function timeOfDay(time: string): Date | null {
  const m = TIME.exec(time);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return new Date(Date.UTC(1970, 0, 1, hours, minutes));
}

// The locale's own short time: '6:15 PM' (en-US), '6:15 pm' (en-AU), '06:05' (en-GB), '18 h 15' (fr-CA).
const CLOCK: Intl.DateTimeFormatOptions = { timeZone: 'UTC', timeStyle: 'short' };

/** A time's parts; the AM/PM part ('dayPeriod') is where the locale puts it, first or last. */
function timeParts(locale: string, at: Date): Intl.DateTimeFormatPart[] {
  return formatter(locale, CLOCK).formatToParts(at);
}

const joinParts = (parts: Intl.DateTimeFormatPart[]) => plainSpaces(parts.map((p) => p.value).join(''));

/** The parts without their AM/PM and the space that set it apart from the time. */
function withoutDayPeriod(parts: Intl.DateTimeFormatPart[]): Intl.DateTimeFormatPart[] {
  const at = parts.findIndex((p) => p.type === 'dayPeriod');
  if (at < 0) return parts;
  const first = at === 0;
  return parts.filter((p, i) => i !== at && !(p.type === 'literal' && i === (first ? at + 1 : at - 1)));
}

function dayPeriod(parts: Intl.DateTimeFormatPart[]): string | undefined {
  return parts.find((p) => p.type === 'dayPeriod')?.value;
}

/**
 * What the locale writes between a date and its time ('March 2, 2026 at 6:15 PM': ' at '), read
 * from Intl's own long date with a time; ', ' when the locale writes the time first.
 */
function dateTimeJoin(locale: string): string {
  const sample = new Date(Date.UTC(2026, 2, 2, 18, 15));
  const both = formatter(locale, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }).format(sample);
  const day = formatter(locale, { timeZone: 'UTC', dateStyle: 'long' }).format(sample);
  const time = formatter(locale, { timeZone: 'UTC', timeStyle: 'short' }).format(sample);
  if (!both.startsWith(day) || !both.endsWith(time) || both.length < day.length + time.length) return ', ';
  return plainSpaces(both.slice(day.length, both.length - time.length));
}

function dateOptions(style: ClubDateStyle): Intl.DateTimeFormatOptions {
  return {
    timeZone: 'UTC',
    // 'medium' leaves out the weekday: 'Nov 21, 2026' (member lists).
    ...(style === 'medium' ? {} : { weekday: style }),
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  };
}

const PART_OPTIONS: Record<'weekday' | 'weekday-short' | 'day' | 'month', Intl.DateTimeFormatOptions> = {
  weekday: { weekday: 'long' },
  'weekday-short': { weekday: 'short' },
  day: { day: 'numeric' },
  month: { month: 'long', year: 'numeric' },
};

function makeFormat(locale: string): ClubFormat {
  let join: string | undefined;
  const self: ClubFormat = {
    locale,
    time(time) {
      if (!time) return '';
      const at = timeOfDay(time);
      return at ? joinParts(timeParts(locale, at)) : time;
    },
    date(date, style = 'short') {
      const d = calendarDateForFormatting(date);
      if (Number.isNaN(d.getTime())) return date;
      return plainSpaces(formatter(locale, dateOptions(style)).format(d));
    },
    datePart(date, part) {
      const d = calendarDateForFormatting(part === 'month' ? `${date.slice(0, 7)}-01` : date);
      if (Number.isNaN(d.getTime())) return date;
      return plainSpaces(formatter(locale, { timeZone: 'UTC', ...PART_OPTIONS[part] }).format(d));
    },
    dateTime(date, time, style = 'long', end) {
      const day = self.date(date, style);
      if (!time) return day;
      if (end) return `${day}, ${self.timeRange(time, end)}`;
      join ??= dateTimeJoin(locale);
      return `${day}${join}${self.time(time)}`;
    },
    timeRange(start, end) {
      const from = timeOfDay(start);
      const to = end ? timeOfDay(end) : null;
      if (!from || !to) return self.time(start);
      const a = timeParts(locale, from);
      const b = timeParts(locale, to);
      // One AM/PM for both when they share it: on the end where the locale writes it last, on the
      // start where it writes it first.
      const shared = dayPeriod(a) !== undefined && dayPeriod(a) === dayPeriod(b);
      const periodFirst = a[0]?.type === 'dayPeriod';
      const left = shared && !periodFirst ? withoutDayPeriod(a) : a;
      const right = shared && periodFirst ? withoutDayPeriod(b) : b;
      return `${joinParts(left)} – ${joinParts(right)}`;
    },
    instant(instant, timeZone, style = 'medium') {
      const { date, time } = clubDateTimeOf(instant, timeZone);
      return self.dateTime(date, time, style);
    },
    money(minor, currency) {
      const f = moneyFormatter(locale, currency);
      return plainSpaces(f.format(minor / 10 ** f.resolvedOptions().maximumFractionDigits!));
    },
  };
  return self;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let f = moneyFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    moneyFormatters.set(key, f);
  }
  return f;
}

let knownCurrencies: ReadonlySet<string> | undefined;

/** The ISO 4217 codes this runtime can write amounts in ('CAD', 'EUR', 'JPY'…), sorted. */
export function currencyCodes(): readonly string[] {
  knownCurrencies ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['AUD', 'CAD', 'CHF', 'EUR', 'GBP', 'JPY', 'NZD', 'USD']);
  return [...knownCurrencies].sort();
}

/**
 * How many decimals an amount of `currency` has, its minor units (CAD 2, JPY 0, KWD 3), or null
 * when it is not an ISO 4217 code this runtime knows. Amounts are counted in whole minor units.
 */
export function currencyDigits(currency: unknown): number | null {
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  currencyCodes();
  if (!knownCurrencies!.has(currency)) return null;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The marks a number is written with in `locale`: its decimal mark and its thousands separator
 * ('.' and ',' in en-CA; ',' and a space in fr-CA; ',' and '.' in de-DE). A space of any kind reads
 * as ' ', as people type a plain one where the locale writes a narrow no-break space.
 */
export function numberMarks(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(canonicalLocale(locale) ?? DEFAULT_CLUB_REGION.locale).formatToParts(12345.6);
  } catch {
    parts = new Intl.NumberFormat(DEFAULT_CLUB_REGION.locale).formatToParts(12345.6);
  }
  const mark = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value.replace(/\s/gu, ' ') ?? fallback;
  return { decimal: mark('decimal', '.'), group: mark('group', ',') };
}

/** A currency's name in the locale ('Canadian dollar'), or its code when the runtime has no name for it. */
export function currencyName(currency: string, locale: string): string {
  try {
    return new Intl.DisplayNames([canonicalLocale(locale) ?? DEFAULT_CLUB_REGION.locale], { type: 'currency', fallback: 'code' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

const formats = new Map<string, ClubFormat>();

/**
 * The club's writing of dates and times in `locale` (the `region` document's; a tag Intl cannot
 * write in falls back to the default, so a damaged copy never stops a screen or an email).
 */
export function clubFormat(locale: string): ClubFormat {
  let format = formats.get(locale);
  if (!format) {
    format = makeFormat(canonicalLocale(locale) ?? DEFAULT_CLUB_REGION.locale);
    formats.set(locale, format);
  }
  return format;
}

/** A length of time: 90 → '1 h 30 min', 60 → '1 hour', 120 → '2 hours', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  if (m === 0) return h === 1 ? '1 hour' : `${h} hours`;
  return `${h} h ${m} min`;
}

const pad = (n: string) => n.padStart(2, '0');

/**
 * The club-local date and time ('YYYY-MM-DD', 'HH:MM') of an instant (epoch ms) in `timeZone`; with
 * no zone (a device that has not yet heard the club's), the device's own. Read from numeric parts, so
 * the locale here is fixed: it is never shown.
 */
export function clubDateTimeOf(instant: number, timeZone?: string): { date: string; time: string } {
  const parts = formatter('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${pad(part('month'))}-${pad(part('day'))}`,
    time: `${pad(part('hour'))}:${part('minute')}`,
  };
}
