// The club's public pages as documents (domain/documents/club-documents.ts): what each holds, its default
// (today's text, so a club that never edits them reads what it always did) and which of its fields
// are Markdown (domain/documents/markdown.ts; the server sends them rendered, by field path).
import { latestYearTerms, termMonthsText, type TermDefinition } from '../calendar';
import { ruleText, type RuleNumbers } from '../rules';
import { HOME_SLIDES } from '../contract/club/home-slides';
import { firstShownSeason, type SeasonsDocument } from '../schedule';
import { clubFormat } from '../region/club-format';
import { DEFAULT_CLUB_REGION } from '../region/club-region';
import { DEFAULT_FEE_TAX, formatFee, type FeeTax } from './club-fees';

export interface FaqItem {
  /** The anchor of the question on the page (/faq#how-to-join): a link to it keeps working when it is reworded. */
  id: string;
  question: string;
  /** Markdown. */
  answer: string;
}

export interface FaqPage {
  items: FaqItem[];
}

export interface TitledLink {
  title: string;
  url: string;
}

export interface ResourcesPage {
  /** Shown when there are no links yet. */
  placeholder: string;
  links: TitledLink[];
}

export interface GearItem {
  name: string;
  /** Markdown. */
  description: string;
}

export interface GearPage {
  /** Shown when there are no items yet. */
  placeholder: string;
  items: GearItem[];
}

export interface FeeRow {
  /** The package's name ("Full Tri"). */
  name: string;
  /** Who it is for ("Triathletes"). */
  for: string;
  /** What part of the year it covers ("Whole year"). */
  covers: string;
  /** The fee, a number the page shows with the club's tax words (`FeeTax`). */
  fee: number;
}

export interface JoinPage {
  /** The line under the page's title. */
  intro: string;
  /** Markdown. */
  goal: string;
  /** Each a Markdown line of the "Who can join" list. */
  whoCanJoin: string[];
  athleteTypes: { name: string; text: string }[];
  /** The steps to join, in order; each text is Markdown. */
  steps: { title: string; text: string }[];
  fees: FeeRow[];
  /** Markdown, under the fees table. */
  feesNote: string;
  tax: FeeTax;
}

/** A photo of the home page's slideshow: its files are `${image}-800.webp` and `${image}-1600.webp`. */
export interface HomePhoto {
  image: string;
  /** What the photo shows, for those who cannot see it. */
  alt: string;
  caption: string;
}

/** The pictures a card of Home may show (drawn by the page, so it needs no upload). */
export const HOME_CARD_ICONS = ['swim', 'bike', 'run', 'none'] as const;
export type HomeCardIcon = (typeof HOME_CARD_ICONS)[number];

export const HOME_CARD_ICON_LABELS: Record<HomeCardIcon, string> = {
  swim: 'A swimmer',
  bike: 'A bike',
  run: 'A stopwatch',
  none: 'No picture',
};

/** A card under Home's "About the club": what the club does, one kind of training a card. */
export interface HomeCard {
  icon: HomeCardIcon;
  title: string;
  text: string;
}

/** A figure beside the cards: a short value over its label ("4" over "Membership sessions a year"). */
export interface HomeFigure {
  /** Placeholders fill it in (`{terms-a-year}`, `{start:Group tempo run}`). */
  value: string;
  label: string;
}

export interface HomePage {
  /** The big title; its last word is drawn in the accent colour. */
  title: string;
  tagline: string;
  /** Markdown: its first paragraph is the lead. */
  about: string;
  photos: HomePhoto[];
  cards: HomeCard[];
  figures: HomeFigure[];
}

/** The club charter every member accepts; a publish not marked `minor` asks everyone to accept again. */
export interface CharterPage {
  /** Markdown, its sections under ### headings. */
  text: string;
}

/**
 * The season's waiver every member signs (typed full name) at joining or renewal; a publish not marked
 * `minor` asks everyone to sign again (domain/people/safety.ts: a signature holds for its term and version).
 */
export interface WaiverPage {
  /** Markdown. */
  text: string;
}

export interface PageDocumentTypes {
  'home-page': HomePage;
  charter: CharterPage;
  waiver: WaiverPage;
  'join-page': JoinPage;
  'faq-page': FaqPage;
  'resources-page': ResourcesPage;
  'gear-page': GearPage;
}

export type PageKey = keyof PageDocumentTypes;

/**
 * The Markdown fields of each page, as dotted paths with `*` for every item of a list; the server
 * renders each into `html[path]` (the path with the item's index: `items.3.answer`).
 */
export const MARKDOWN_FIELDS: { [K in PageKey]: readonly string[] } = {
  'home-page': ['about'],
  charter: ['text'],
  waiver: ['text'],
  'join-page': ['goal', 'whoCanJoin.*', 'steps.*.text', 'feesNote'],
  'faq-page': ['items.*.answer'],
  'resources-page': [],
  'gear-page': ['items.*.description'],
};

/**
 * The plain texts of each page (no Markdown) whose placeholders are filled in all the same; the server
 * sends them filled, by path, in `filled` (`figures.2.value`).
 */
export const FILLED_FIELDS: { [K in PageKey]?: readonly string[] } = {
  'home-page': ['figures.*.value', 'figures.*.label'],
};

/** Every Markdown text of a page body by its path (`items.3.answer` → its text). */
export function markdownTexts(patterns: readonly string[], body: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (value: unknown, parts: string[], path: string[]): void => {
    if (parts.length === 0) {
      if (typeof value === 'string') found[path.join('.')] = value;
      return;
    }
    const [part, ...rest] = parts as [string, ...string[]];
    if (part === '*') {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, rest, [...path, String(index)]));
    } else if (value && typeof value === 'object' && Object.hasOwn(value, part)) {
      walk((value as Record<string, unknown>)[part], rest, [...path, part]);
    }
  };
  for (const pattern of patterns) walk(body, pattern.split('.'), []);
  return found;
}

/** The demo club's membership packages and their fees (before tax: the club quotes no currency). */
export interface FeePackage {
  name: string;
  athlete: 'Triathlete' | 'Duathlete' | 'Runner';
  coverage: 'Full' | 'Half';
  fee: number;
}

export const DEFAULT_PACKAGES: FeePackage[] = [
  { name: 'Full Tri', athlete: 'Triathlete', coverage: 'Full', fee: 256 },
  { name: 'Half Tri', athlete: 'Triathlete', coverage: 'Half', fee: 136 },
  { name: 'Full Du', athlete: 'Duathlete', coverage: 'Full', fee: 213 },
  { name: 'Half Du', athlete: 'Duathlete', coverage: 'Half', fee: 122 },
  { name: 'Full Run', athlete: 'Runner', coverage: 'Full', fee: 182 },
  { name: 'Half Run', athlete: 'Runner', coverage: 'Half', fee: 101 },
];

/** What `{fee:…}` reads from Join us: its packages and the tax said after a fee. */
export function feesOf(join: Pick<JoinPage, 'fees' | 'tax'>): NonNullable<PageFacts['fees']> {
  return { rows: join.fees, tax: join.tax };
}

/** A question's anchor from its words ("Do I need a bike?" → "do-i-need-a-bike"), unique among `taken`. */
export function faqId(question: string, taken: readonly string[]): string {
  const base =
    question
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'question';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * What a page's text may name in braces, filled in with the club's settings in force each time the
 * page is shown (PAGE_PLACEHOLDERS), so a changed rule, address or timetable, or a renamed club, reads
 * right on every page, the charter included, without anyone editing the texts.
 */
export interface PageFacts {
  clubName: string;
  contactEmail: string;
  rules: RuleNumbers;
  terms: readonly TermDefinition[];
  /** The schedule (Admin → Schedule); without it `{start:…}` stays as typed. */
  seasons?: SeasonsDocument;
  /** The club's locale (Admin → Rules), which writes `{start:…}`'s time; the default's without it. */
  locale?: string;
  /** Join us's packages and the tax said after a fee; without them `{fee:…}` stays as typed. */
  fees?: { rows: readonly FeeRow[]; tax: FeeTax };
}

export interface PagePlaceholder {
  /** What an editor types, as the list shows it. */
  token: string;
  /** What it becomes on the page, for the editor's list. */
  becomes: string;
}

interface Filler extends PagePlaceholder {
  /** Its name in the braces, before any `:`. */
  name: string;
  /** Its words, or null to leave the braces as typed (a session the schedule does not have). */
  fill: (facts: PageFacts, words: ReturnType<typeof ruleText>, argument: string) => string | null;
}

/** The start of the schedule's session named `title`: in the season shown first, else in any. */
function sessionStart(seasons: SeasonsDocument | undefined, title: string, locale: string): string | null {
  if (!seasons) return null;
  const wanted = title.trim().toLowerCase();
  const first = firstShownSeason(seasons);
  const ordered = first ? [first, ...seasons.seasons.filter((s) => s !== first)] : seasons.seasons;
  const session = ordered.flatMap((s) => s.sessions).find((s) => s.title.trim().toLowerCase() === wanted);
  return session ? clubFormat(locale).time(session.start) : null;
}

/** Every placeholder, the one table: the fill below and the editor's list (Admin → Pages) read it. */
const FILLERS: readonly Filler[] = [
  { name: 'club', token: '{club}', becomes: 'The club’s name (Admin → Club).', fill: (f) => f.clubName },
  {
    name: 'email',
    token: '{email}',
    becomes: 'The club’s contact address (Admin → Club). For a link to write to it: [{email}](mailto:{email}).',
    fill: (f) => f.contactEmail,
  },
  { name: 'late-cancel-rule', token: '{late-cancel-rule}', becomes: 'The late-cancel rule as a sentence (Admin → Rules).', fill: (_f, w) => w.lateCancel },
  { name: 'suspension-rule', token: '{suspension-rule}', becomes: 'The suspension rule as a sentence (Admin → Rules).', fill: (_f, w) => w.suspension },
  { name: 'late-window', token: '{late-window}', becomes: 'The late-cancel window in a few words, to go inside a sentence (Admin → Rules).', fill: (_f, w) => w.lateWindow },
  {
    name: 'suspension-short',
    token: '{suspension-short}',
    becomes: 'The suspension rule in a few words, to go inside a sentence (Admin → Rules).',
    fill: (_f, w) => w.suspensionShort,
  },
  {
    name: 'terms',
    token: '{terms}',
    becomes: 'The membership terms of the latest year set out, with their months (Admin → Terms).',
    fill: (f) => latestYearTerms(f.terms).map((t) => `${t.name} (${termMonthsText(t)})`).join(', '),
  },
  { name: 'terms-a-year', token: '{terms-a-year}', becomes: 'How many membership terms the latest year set out has, as a number (Admin → Terms).', fill: (f) => String(latestYearTerms(f.terms).length) },
  {
    name: 'start',
    token: '{start:…}',
    becomes: 'The start time of the schedule’s session of that name, e.g. {start:Group tempo run} (Admin → Schedule).',
    fill: (f, _w, title) => sessionStart(f.seasons, title, f.locale ?? DEFAULT_CLUB_REGION.locale),
  },
  {
    name: 'fee',
    token: '{fee:…}',
    becomes: 'The fee of Join us’s package of that name with the club’s tax, e.g. {fee:Full Tri} (Admin → Pages, Join us).',
    fill: (f, _w, name) => {
      const row = f.fees?.rows.find((r) => r.name.trim().toLowerCase() === name.trim().toLowerCase());
      return row && f.fees ? formatFee(row.fee, f.fees.tax) : null;
    },
  },
];

/** The placeholders and what each becomes, in the table's order (the page editor lists them). */
export const PAGE_PLACEHOLDERS: readonly PagePlaceholder[] = FILLERS.map(({ token, becomes }) => ({ token, becomes }));

const FILLERS_BY_NAME = new Map(FILLERS.map((f) => [f.name, f]));
const PLACEHOLDER = /\{([a-z-]+)(?::([^{}\n]+))?\}/g;

/** `text` with each placeholder replaced by its words (Markdown-safe: the settings hold no markup); any other braces stay. */
export function fillFacts(text: string, facts: PageFacts): string {
  if (!text.includes('{')) return text;
  let words: ReturnType<typeof ruleText> | undefined;
  return text.replace(PLACEHOLDER, (typed, name: string, argument: string | undefined) => {
    const filler = FILLERS_BY_NAME.get(name);
    // A placeholder takes its word after a colon exactly when its token shows one.
    if (!filler || (argument !== undefined) !== filler.token.includes(':')) return typed;
    words ??= ruleText(facts.rules);
    return filler.fill(facts, words, argument ?? '') ?? typed;
  });
}

/** A page's plain filled texts (FILLED_FIELDS) by path, placeholders filled in. */
export function pageFilled(key: PageKey, body: unknown, facts: PageFacts): Record<string, string> {
  const texts = markdownTexts(FILLED_FIELDS[key] ?? [], body);
  return Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, fillFacts(text, facts)]));
}

/** The club's contact address as a link to write to it, in a default text: whatever address is set. */
const EMAIL_LINK = '[{email}](mailto:{email})';

/** The FAQ the club had before anyone edited it: the contact address and rules as the club set them. */
export function defaultFaq(): FaqPage {
  const byFee = [...DEFAULT_PACKAGES].sort((a, b) => a.fee - b.fee);
  const [cheapest, dearest] = [byFee[0]!, byFee.at(-1)!];
  const duathlon = DEFAULT_PACKAGES.filter((p) => p.athlete === 'Duathlete');
  const email = EMAIL_LINK;
  return {
    items: [
      {
        id: 'how-to-join',
        question: 'How do I join the club?',
        answer: `Pay for a membership package at the athletic centre, [create an account](/login?mode=signup) on this site, and email your receipt to ${email}. Once an administrator activates your account you get an email. The [five steps](/join-us#how-to-join) are on the Join Us page.`,
      },
      {
        id: 'experience',
        question: 'Do I need triathlon experience?',
        answer: 'No. Many members start with us having never raced. You do need to be able to swim 300 m continuously; full triathlon members must swim 300 m front crawl in under 10 min 30 s.',
      },
      { id: 'age', question: 'Is there an age requirement?', answer: 'Yes: members must be 18 or over, or 17 or over for current students.' },
      {
        id: 'first-workout',
        question: 'What should I expect at my first workout?',
        answer: 'Sign up for the workout on the forum, arrive ten minutes early and introduce yourself to the coach or exec leading it. Workouts are grouped by pace, so nobody trains alone or gets left behind. Check the [schedule](/schedule) for where to go.',
      },
      {
        id: 'optional-workouts',
        question: 'Do I have to attend every workout?',
        answer: `No, every workout is optional: come to the ones that suit your goals and timetable. But once you sign up, please come. Cancelling {late-window} before a workout counts as an absence, and {suspension-short}.`,
      },
      {
        id: 'membership',
        question: 'What does membership cost?',
        answer: `It depends on your package, from {fee:${cheapest.name}} for a ${cheapest.name} to {fee:${dearest.name}} for a ${dearest.name}. ‘Half’ packages cover the Fall or Winter session only.\n\nSee the [package fees](/join-us#fees).`,
      },
      {
        id: 'spin-reservation',
        question: 'How do spin reservations work?',
        answer: 'Reserve a bike by signing up for the spin class on the forum. A reserved bike goes to someone else after 10 minutes of lateness, and more than 2 no-shows in a semester means a one-week suspension.',
      },
      {
        id: 'swim-length',
        question: 'How long are swim practices?',
        answer: 'Swim practices last 2 hours. Arriving more than 10 minutes late counts as late, so give yourself time to change.',
      },
      {
        id: 'equipment',
        question: 'What equipment do I need?',
        answer: 'To start: a swimsuit, goggles and a swim cap, running shoes, and workout clothes. Spin bikes are provided indoors. For outdoor rides and bricks you need a road-worthy bike and a helmet, which is mandatory. A wetsuit helps for summer open-water swims but is not required to join.',
      },
      {
        id: 'racing',
        question: 'Do I have to race?',
        answer: 'No. Racing is encouraged but never required. Members can see upcoming races and sign up to go together on the [races](/races) page.',
      },
      {
        id: 'sessions',
        question: 'When are the membership sessions?',
        answer: `{terms}. Fees are not pro-rated, so joining part-way through a session costs the same as joining at its start.`,
      },
      {
        id: 'weekly-attendance',
        question: 'How many workouts a week should I attend?',
        answer: 'There is no minimum: most members come to two to four workouts a week, and more before a race. Execs take attendance at each workout, so sign up only for the ones you will attend.',
      },
      {
        id: 'duathlon-package',
        question: 'What is the duathlon package?',
        answer: `The duathlon package is for athletes who bike and run but do not want to swim with the club: spins, rides, bricks, track and tempo runs. It costs ${duathlon.map((p) => `{fee:${p.name}} (${p.name})`).join(' or ')}.`,
      },
    ],
  };
}

const COVERAGE_TEXT: Record<FeePackage['coverage'], string> = { Full: 'Whole year', Half: 'Fall or Winter only' };

/** Join Us as the club had it before anyone edited it. */
export function defaultJoin(): JoinPage {
  return {
    intro: 'New to triathlon or chasing a personal best, there is a place for you on the team. Here is everything you need to become a member.',
    goal: 'We help every member train safely and consistently for triathlon, duathlon and running, with coached workouts, a friendly team to train with and races to travel to together. Whether you want to finish your first sprint triathlon or qualify for nationals, we want you to enjoy getting there.',
    whoCanJoin: [
      'Anyone aged 18 or over, or 17 or over for current students.',
      'Every member must be able to swim 300 m continuously.',
      'Full triathlon members must swim 300 m front crawl in under 10 min 30 s.',
      'No racing experience needed: beginners are welcome at every workout.',
    ],
    athleteTypes: [
      { name: 'Triathlete', text: 'Swim, bike and run: every workout on the schedule is open to you. Full triathlon members must swim 300 m front crawl in under 10 min 30 s.' },
      { name: 'Duathlete', text: 'Run, bike, run. Spin classes, rides, bricks, track and tempo runs, for athletes who would rather stay dry.' },
      { name: 'Runner', text: 'Track intervals, the group tempo run and weekend long runs, whether you are training for a 5 km or a marathon.' },
    ],
    steps: [
      {
        title: 'Check the requirements and read the charter',
        text: 'Make sure you meet the requirements above and read the [team charter](#charter): you will be asked to agree to it when you first sign in.',
      },
      {
        title: 'Pay your membership at the athletic centre',
        text: 'Choose a [package](#fees) and pay for it at the athletic centre. Keep the receipt: it is your proof of membership.',
      },
      {
        title: 'Create an account on this site',
        text: '[Create an account](/login?mode=signup) with your name, email and phone number. It stays pending until your payment is confirmed.',
      },
      {
        title: 'Email us your receipt',
        text: `Send your membership receipt to ${EMAIL_LINK} from the email address you signed up with.`,
      },
      {
        title: 'Open the app and sign up for a workout',
        text: 'When an administrator activates your account you get an email. The next time you open the app the forum is there: sign up for your first workout.',
      },
    ],
    fees: DEFAULT_PACKAGES.map((p) => ({ name: p.name, for: `${p.athlete}s`, covers: COVERAGE_TEXT[p.coverage], fee: p.fee })),
    feesNote: 'All fees are plus HST. ‘Full’ packages cover the whole year (Fall, Winter, Spring and Summer); ‘Half’ packages are for the Fall or Winter session only.',
    tax: { ...DEFAULT_FEE_TAX },
  };
}

/** The photos the app ships with (pwa/public/images), the slideshow's default. */
export const BUILT_IN_PHOTOS: HomePhoto[] = HOME_SLIDES.map((slide) => ({ ...slide }));

export const DEFAULT_HOME: HomePage = {
  title: 'Swim. Bike. Run. Together.',
  tagline: 'Coached workouts all year round for first-timers and Ironman finishers alike. Train with friends, race with the team.',
  about:
    'We are the university’s triathlon club: students, staff and alumni who train together for triathlons, duathlons and running races, or simply to stay fit with good company.\n\nOur coaches and executive team run workouts through the fall, winter, spring and summer sessions. Members sign up for workouts and events on the team forum, and we travel to races together. You do not need to be fast: you need to be able to swim 300 m without stopping, and to want to get better.',
  photos: BUILT_IN_PHOTOS,
  cards: [
    {
      icon: 'swim',
      title: 'Swim',
      text: 'Coached 2-hour pool practices with lanes for every pace, from first lengths of front crawl to race-ready sets, and open-water swims in summer.',
    },
    {
      icon: 'bike',
      title: 'Bike',
      text: 'Reserved spin classes through the fall and winter, then group road rides and bricks once the snow melts.',
    },
    {
      icon: 'run',
      title: 'Run',
      text: 'Track intervals, a weekly group tempo run at 6:15 pm and relaxed weekend long runs with people your speed.',
    },
  ],
  figures: [
    { value: '2 h', label: 'Coached swim practice' },
    { value: '{start:Group tempo run}', label: 'Group tempo run' },
    { value: '{terms-a-year}', label: 'Membership sessions a year' },
  ],
};

export const DEFAULT_RESOURCES: ResourcesPage = {
  placeholder: 'Training plans, guides, and helpful links will appear here.',
  links: [],
};

export const DEFAULT_GEAR: GearPage = {
  placeholder: 'Club-branded kits and merchandise. Coming soon!',
  items: [],
};

/** The sections of the charter the club had before anyone edited it. */
export const DEFAULT_CHARTER_SECTIONS = [
  'Introduction',
  'Requirements',
  'General Conduct',
  'Swim Specific Conduct',
  'Bike Specific Conduct',
  'Run Specific Conduct',
  'Accommodations',
  'Safety and Responsibility',
  'Inclusivity and Respect',
  'Accountability and Discipline',
  'Agreement',
] as const;

/**
 * The version every member accepted before the charter was a document (users.charter_version): the
 * default text is this version, so nobody is asked again until a new version is published.
 */
export const FIRST_CHARTER_VERSION = '2026-1';

/** The acceptance a publish asks for: the default's, or that of the newest version not marked a wording fix. */
export function charterVersionName(version: number): string {
  return version === 0 ? FIRST_CHARTER_VERSION : String(version);
}

export function defaultWaiver(): WaiverPage {
  return {
    text: [
      '### Assumption of risk',
      'Swimming, cycling and running, in training and in races, carry risks of injury, illness and, rarely, death. I take part in the {club}’s sessions of my own free will and accept those risks.',
      '### Fitness to take part',
      'I am fit to take part, I will tell the session’s exec of anything that may affect my safety, and I will keep my safety card (emergency contacts and health notes) up to date in my profile.',
      '### Following instructions',
      'I will follow the instructions of the execs, coaches, lifeguards and race officials, and the rules of the pools, roads and venues we use.',
      '### Emergencies',
      'In an emergency I agree that the club may call my emergency contacts and the emergency services on my behalf.',
      '### Agreement',
      'By typing my full name I sign this waiver for the current membership term.',
    ].join('\n\n'),
  };
}

export function defaultCharter(): CharterPage {
  const sections: [string, string][] = [
    [
      'Introduction',
      `The {club} brings together students, staff and alumni who love to swim, bike and run. This charter sets out what members can expect from the club and what the club expects from its members, so that every session is safe, fair and fun.`,
    ],
    [
      'Requirements',
      [
        'Every member must be able to swim 300 m continuously.',
        'Full triathlon members must swim 300 m front crawl in under 10 minutes 30 seconds.',
        'Members must be 18 or over (17 for current students).',
        'Membership is paid through the athletic centre for each session and is not pro-rated.',
      ]
        .map((line) => `- ${line}`)
        .join('\n'),
    ],
    [
      'General Conduct',
      [
        'Sign up for workouts through the forum, and only for workouts you intend to attend.',
        '{late-cancel-rule} {suspension-rule}',
        'Arrive on time, follow the coach or exec leading the session, and leave facilities as you found them.',
      ]
        .map((line) => `- ${line}`)
        .join('\n'),
    ],
    [
      'Swim Specific Conduct',
      '- Swim practice lasts 2 hours. Arriving more than 10 minutes late counts as late.\n- Choose the lane that matches your pace and follow lane etiquette: circle swim, pass at the wall.',
    ],
    [
      'Bike Specific Conduct',
      '- Spin bikes are reserved: more than 2 no-shows in a semester means a one-week suspension.\n- A reserved bike is given to someone else after 10 minutes of lateness.\n- On outdoor rides a helmet is mandatory and the rules of the road apply to everyone.',
    ],
    [
      'Run Specific Conduct',
      '- The group tempo run starts at 6:15 pm: warm up before it.\n- Give way to other track users and run on the outer lanes when recovering.',
    ],
    [
      'Accommodations',
      'If an injury, a disability or another circumstance affects how you take part, talk to a coach or an exec: we will work with you to adapt workouts and requirements where we safely can.',
    ],
    [
      'Safety and Responsibility',
      'You take part at your own risk and are responsible for training within your limits, keeping your equipment in good repair and telling the session leader about any health concern before the workout starts.',
    ],
    [
      'Inclusivity and Respect',
      'The club welcomes athletes of every background, identity and ability. Harassment, discrimination and disrespect towards members, coaches, staff or the public are not tolerated.',
    ],
    [
      'Accountability and Discipline',
      'Breaking this charter may lead to a warning, a suspension from sign-ups or, for serious or repeated breaches, the end of membership, decided by the executive team.',
    ],
    [
      'Agreement',
      'By agreeing, you confirm that you have read this charter, meet its requirements and will follow it for as long as you are a member of the club.',
    ],
  ];
  return { text: sections.map(([title, body]) => `### ${title}\n\n${body}`).join('\n\n') };
}
