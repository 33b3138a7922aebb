// What a page's HTML says before any script runs, for link previews (chat apps, Instagram, Discord
// fetch a link as plain HTTP and read its <head>) and search engines: a title, a description, the
// canonical address (from APP_URL, never from the request), Open Graph and Twitter card tags with the
// page's 1200x630 preview image, and for Home and the schedule, structured data (JSON-LD). A link to a
// members-only screen says "Members only" and nothing of the item behind it.
import {
  CLUB_IMAGE,
  MEMBERS_ONLY_PATHS,
  MEMBERS_ONLY_TITLE,
  PUBLIC_PAGES,
  TEAM_PROFILE_IMAGE,
  TEAM_PROFILE_PATH,
  membersOnlyDescription,
  publicPage,
} from '../../domain/contract/club/public-pages';
import { documentTitle } from '../../domain/contract/club/page-frame';
import { profilePath, VACANT_NAME, type TeamMember } from '../../domain/contract/club/profiles';
import { HOME_SLIDES, SLIDE_SIZES, drawnInEveryFormat, slideSrcSet, type Slide } from '../../domain/contract/club/home-slides';
import { DAYS, seasonDatesText, seasonWeek, type Season } from '../../domain/schedule';
import { clubIcons, type ClubIdentity } from '../../domain/documents/club-identity';
import { clubPalette, paletteCss } from '../../domain/documents/club-palette';
import { clubSportNames, type SportsDocument } from '../../domain/sports';

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical address (and og:url). */
  path: string;
  image: string;
  /** Not for search engines (members-only screens, the reset link). */
  noindex: boolean;
  jsonLd: object[];
  /** The picture that is the page's largest paint, fetched with the HTML rather than after the script. */
  leadImage?: { type: string; srcSet: string; sizes: string };
}

export interface HeadContext {
  appUrl: string;
  /** The club document in force: its name, colour, logo and contact address. */
  club: ClubIdentity;
  teamMembers: () => TeamMember[];
  /** The club's training seasons in force (the `seasons` document). */
  seasons: () => readonly Season[];
  /** Home's slideshow photos in force (the `home-page` document). */
  homePhotos: () => readonly Slide[];
  /** The club's workout types (the `sports` document): the sports the structured data names. */
  sports: () => SportsDocument;
}

/** The preload of Home's first photo: AVIF when the build drew it, else the upload's WebP widths. */
function leadSlide(image: string): NonNullable<PageHead['leadImage']> {
  const format = drawnInEveryFormat(image) ? 'avif' : 'webp';
  return { type: `image/${format}`, srcSet: slideSrcSet(image, format), sizes: SLIDE_SIZES };
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The team member whose page `path` is, if any (`/profile/<position id>/<name slug>`). */
export function teamMemberAt(path: string, members: TeamMember[]): TeamMember | undefined {
  const match = TEAM_PROFILE_PATH.exec(path);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return members.find((m) => m.id === id);
}

/** The head of the page at `path` (no query string). */
export function pageHead(path: string, ctx: HeadContext): PageHead {
  const page = publicPage(path);
  if (page) {
    return {
      title: documentTitle(page.title, ctx.club.name),
      description: page.description(ctx.club),
      path: page.path,
      image: page.image,
      noindex: false,
      jsonLd: page.path === '/' ? [clubJsonLd(ctx)] : page.path === '/schedule' ? scheduleJsonLd(ctx) : [],
      // Home's first slide in the slideshow's best format (a browser without AVIF skips the preload
      // and takes the WebP from the page itself).
      ...(page.path === '/' && {
        leadImage: leadSlide(ctx.homePhotos()[0]?.image ?? HOME_SLIDES[0]!.image),
      }),
    };
  }
  if (TEAM_PROFILE_PATH.test(path)) {
    const member = teamMemberAt(path, ctx.teamMembers());
    if (member) {
      const name = member.name || VACANT_NAME;
      return {
        title: documentTitle(`${name} · ${member.role}`, ctx.club.name),
        description: member.name
          ? `${member.name}, ${member.role} of the ${ctx.club.name}.`
          : `The ${member.role} position of the ${ctx.club.name} is open.`,
        path: profilePath(member),
        image: TEAM_PROFILE_IMAGE,
        noindex: false,
        jsonLd: [],
      };
    }
  }
  if (path === '/reset-password') {
    return {
      title: documentTitle('Reset Password', ctx.club.name),
      description: ctx.club.description,
      path,
      image: CLUB_IMAGE,
      noindex: true,
      jsonLd: [],
    };
  }
  if (MEMBERS_ONLY_PATHS.test(path)) {
    // The address is the sharer's own; what is behind it (a workout's title, a member's name) is not said.
    return {
      title: documentTitle(MEMBERS_ONLY_TITLE, ctx.club.name),
      description: membersOnlyDescription(ctx.club),
      path,
      image: CLUB_IMAGE,
      noindex: true,
      jsonLd: [],
    };
  }
  return {
    title: documentTitle('', ctx.club.name),
    description: ctx.club.description,
    path: '/',
    image: CLUB_IMAGE,
    noindex: true,
    jsonLd: [],
  };
}

/** The tags of `head`, to put in the HTML's <head>. */
export function headTags(head: PageHead, ctx: HeadContext): string {
  const { appUrl, club } = ctx;
  const url = `${appUrl}${head.path}`;
  const image = `${appUrl}/og/${head.image}.png`;
  const icons = clubIcons(club.logo);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    // The club's colours and icons, from its document: in the HTML, so the first paint has them.
    meta('name', 'theme-color', club.mainColour),
    `<style>:root{${escapeHtml(paletteCss(clubPalette(club)))}}</style>`,
    `<link rel="icon" href="${escapeHtml(icons.favicon)}"${icons.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`,
    `<link rel="apple-touch-icon" href="${escapeHtml(icons.appleTouch)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', club.name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', head.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    // Data, not script: a data block is never run, so the CSP's script-src does not apply to it.
    // `<` is escaped so no string in it can close the element.
    ...head.jsonLd.map(
      (data) =>
        `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
  ];
  return tags.join('');
}

/**
 * index.html with its own title, description, colour and icons replaced by the page's head, and the page's lead
 * image preloaded first thing in it: requested before the scripts and stylesheets the head names.
 */
export function withHead(html: string, tags: string, head?: PageHead): string {
  const lead = head?.leadImage;
  const preload = lead
    ? `<link rel="preload" as="image" type="${lead.type}" imagesrcset="${escapeHtml(lead.srcSet)}" imagesizes="${lead.sizes}" fetchpriority="high">`
    : '';
  return html
    // After the viewport's width is known, so the browser picks the width the page will use.
    .replace(/<meta name="viewport"[^>]*>/i, (viewport) => `${viewport}${preload}`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<meta name="theme-color"[^>]*>\s*/, '')
    .replace(/<link rel="icon"[^>]*>\s*/, '')
    .replace(/<link rel="apple-touch-icon"[^>]*>\s*/, '')
    .replace('</head>', () => `${tags}</head>`);
}

function clubJsonLd(ctx: HeadContext): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsClub',
    name: ctx.club.name,
    url: `${ctx.appUrl}/`,
    logo: `${ctx.appUrl}${clubIcons(ctx.club.logo).icon512}`,
    image: `${ctx.appUrl}/og/${CLUB_IMAGE}.png`,
    email: ctx.club.contactEmail,
    ...sportOf(ctx.sports()),
    description: ctx.club.description,
  };
}

/** schema.org's `sport`: one text, a list, or nothing when the club's types name no sport. */
function sportOf(sports: SportsDocument): { sport?: string | string[] } {
  const names = clubSportNames(sports);
  return names.length === 0 ? {} : { sport: names.length === 1 ? names[0]! : names };
}

/**
 * Every session of the weekly timetable, per season, as a weekly repeating event; nothing when the
 * timetable has no session (a new club's), rather than a list of no events.
 */
function scheduleJsonLd(ctx: HeadContext): object[] {
  const organizer = { '@type': 'SportsClub', name: ctx.club.name, url: `${ctx.appUrl}/` };
  const events = ctx.seasons().flatMap((season) =>
    DAYS.flatMap((day) =>
      seasonWeek(season)[day].map((session) => ({
        '@type': 'Event',
        name: session.title,
        description: `${season.name}: ${seasonDatesText(season)}`,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: session.place },
        organizer,
        eventSchedule: {
          '@type': 'Schedule',
          byDay: `https://schema.org/${day}`,
          startTime: session.start,
          endTime: session.end,
          repeatFrequency: 'P1W',
        },
      })),
    ),
  );
  if (events.length === 0) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: `Weekly training schedule · ${ctx.club.name}`,
      url: `${ctx.appUrl}/schedule`,
      itemListElement: events.map((item, i) => ({ '@type': 'ListItem', position: i + 1, item })),
    },
  ];
}

/** The sitemap: every public page and every team member's page. */
export function sitemapXml(ctx: HeadContext): string {
  const paths = [...PUBLIC_PAGES.map((p) => p.path), ...ctx.teamMembers().map((m) => profilePath(m))];
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(`${ctx.appUrl}${p}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
