// What the server knew when it rendered a public page (api/pages/page-renderer.ts): the club's settings and
// the public answers the page shows. It travels in the HTML as a JSON data block, and the browser
// takes it before hydrating, so its first render is the server's exactly (no hydration mismatch).
import { setClubEmail, setClubIdentity } from '../lib/club/club-identity';
import type { ClubIdentity } from '../../domain/documents/club-identity';
import { setClubRegion } from '../lib/club/club-region';
import { setClubTimeZone } from '../lib/club/club-zone';
import { deliverSetting } from '../lib/club/settings-inbox';
import { primeReads } from '../lib/data/primed-reads';
import { PAGE_DATA_ID } from '../../domain/contract/club/page-frame';
import type { RuleNumbers } from '../../domain/rules';
import type { ClubRegion } from '../../domain/region/club-region';
import type { SportsDocument } from '../../domain/sports';
import type { TermDefinition } from '../../domain/calendar';

export interface PageData {
  /** The club document in force (its name, colour, links). */
  club?: ClubIdentity;
  clubEmail: string;
  clubTimeZone: string;
  /** The club's country and language (the dates the page shows are written in it). */
  region?: ClubRegion;
  passkeys: boolean;
  /** The attendance rules' numbers the page words (the FAQ, the charter). */
  rules?: RuleNumbers;
  /** The club's workout types the page shows (the schedule's sessions). */
  sports?: SportsDocument;
  /** The club's membership terms the page lists (Join us). */
  terms?: TermDefinition[];
  /** When the answers were read (ms since the epoch). */
  at: number;
  /** Public answers by the query key the screen reads them under. */
  reads: [queryKey: unknown[], data: unknown][];
}

export function applyPageData(data: PageData): void {
  setClubTimeZone(data.clubTimeZone, true);
  setClubRegion(data.region);
  setClubIdentity(data.club);
  setClubEmail(data.clubEmail);
  deliverSetting('passkeys', data.passkeys);
  deliverSetting('rules', data.rules);
  deliverSetting('sports', data.sports);
  deliverSetting('terms', data.terms);
  primeReads(data.reads, data.at);
}

/** The page data in this document, if the server rendered it. */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
