// The texts a new club starts with, in place of the demo club's: what a club made on a host, or an
// empty install set up on its first run, publishes as the first version of each page. Plain words
// for any sport and any country, with the club's own facts filled in where a page can take them
// ({club}, {email}, the rules). Its administrator rewrites them in Admin → Pages: Join us starts with
// no packages and no prices (a demo club's fee would be a price nobody set), Home with the app's own
// pictures under captions that promise nothing. The sports and the terms a new club starts with are
// domain/sports.ts `starterSports` and domain/calendar.ts `starterTerms`.
import type { TeamPositionsDocument } from '../contract/club/profiles';
import { starterTerms } from '../calendar';
import { starterSeasons } from '../schedule';
import { starterSports, type Sport } from '../sports';
import {
  BUILT_IN_PHOTOS,
  type CharterPage,
  type FaqPage,
  type GearPage,
  type HomePage,
  type HomePhoto,
  type JoinPage,
  type ResourcesPage,
  type WaiverPage,
} from './club-pages';

const EMAIL_LINK = '[{email}](mailto:{email})';

/**
 * The app's pictures with captions of no club in particular (the demo club's tell of its coached
 * practices); their alt text describes the picture, as it must, and claims nothing of the club.
 */
const STARTER_CAPTIONS = ['Train together', 'Sessions through the year', 'Sign up in the app'];
const STARTER_PHOTOS: HomePhoto[] = BUILT_IN_PHOTOS.map((photo, i) => ({ ...photo, caption: STARTER_CAPTIONS[i] ?? STARTER_CAPTIONS[0]! }));

export interface StarterPages {
  'home-page': HomePage;
  'join-page': JoinPage;
  'faq-page': FaqPage;
  charter: CharterPage;
  waiver: WaiverPage;
  'team-positions': TeamPositionsDocument;
  'resources-page': ResourcesPage;
  'gear-page': GearPage;
}

/** The first version of each page of a new club named `clubName`. */
export function starterPages(clubName: string): StarterPages {
  const name = clubName.trim();
  return {
    'home-page': {
      title: 'Train together.',
      tagline: `Sessions, events and races with ${name}.`,
      about: `Welcome to ${name}. Members sign up for sessions and events here, see who is coming, and get a reminder before each one.\n\nTo join, see how on the Join us page.`,
      photos: STARTER_PHOTOS,
      cards: [
        { icon: 'none', title: 'Sessions', text: 'Regular sessions through the year, each with a leader, a place and a set number of spots.' },
        { icon: 'none', title: 'Events', text: 'Socials, meetings and trips: say whether you are coming, so the organisers know how many to expect.' },
        { icon: 'none', title: 'Races', text: 'Competitions the club goes to together, with who is entered and the results afterwards.' },
      ],
      figures: [{ value: '{terms-a-year}', label: 'Membership sessions a year' }],
    },
    'join-page': {
      intro: `Everything you need to become a member of ${name}.`,
      goal: 'The club helps every member train safely and regularly, with a friendly group to train with.',
      whoCanJoin: ['Anyone who meets the club’s requirements and agrees to its charter.'],
      athleteTypes: [],
      steps: [
        { title: 'Read the charter', text: 'Read the [club charter](#charter): you are asked to agree to it when you first sign in.' },
        { title: 'Create an account', text: '[Create an account](/login?mode=signup) with your name, email and phone number. It stays pending until your membership is paid.' },
        { title: 'Pay your membership', text: `See [what membership costs](#fees) and pay it in the app, or ask at ${EMAIL_LINK} how else to pay.` },
        { title: 'Sign up for a session', text: 'Once your account is active you get an email: open the app and sign up for your first session.' },
      ],
      fees: [],
      feesNote: 'Ask the club about its packages while they are being set.',
      tax: { name: '', included: false, rate: 0 },
    },
    'faq-page': {
      items: [
        { id: 'how-to-join', question: 'How do I join?', answer: 'Follow the steps on [Join us](/join-us): create an account, pay your membership, and sign up for a session once it is active.' },
        { id: 'late-cancel', question: 'What if I cannot come to a session I signed up for?', answer: 'Cancel your place in the app as early as you can, so someone on the waitlist gets it. {late-cancel-rule} {suspension-rule}' },
        { id: 'contact', question: 'Who do I ask?', answer: `Write to ${EMAIL_LINK}.` },
      ],
    },
    charter: {
      text: [
        '### Introduction',
        'This charter sets out what members can expect from {club} and what the club expects from its members, so that every session is safe, fair and enjoyable.',
        '### Taking part',
        '- Sign up for sessions in the app, and only for sessions you mean to attend.\n- {late-cancel-rule} {suspension-rule}\n- Arrive on time and follow the person leading the session.',
        '### Safety and respect',
        'Train within your limits, tell the session’s leader about anything that affects your safety, and treat every member, coach and member of the public with respect.',
        '### Agreement',
        'By agreeing, you confirm that you have read this charter and will follow it for as long as you are a member.',
      ].join('\n\n'),
    },
    waiver: {
      text: [
        '### Assumption of risk',
        'Sport, in training and in competition, carries risks of injury and illness. I take part in the {club}’s sessions of my own free will and accept those risks.',
        '### Fitness to take part',
        'I am fit to take part, I will tell the session’s leader of anything that may affect my safety, and I will keep my safety card (emergency contacts and health notes) up to date in my profile.',
        '### Emergencies',
        'In an emergency I agree that the club may call my emergency contacts and the emergency services on my behalf.',
        '### Agreement',
        'By typing my full name I sign this waiver for the current membership term.',
      ].join('\n\n'),
    },
    'team-positions': {
      positions: [
        { id: 'head-coach', title: 'Head Coach', group: 'coach' },
        { id: 'president', title: 'President', group: 'exec' },
        { id: 'treasurer', title: 'Treasurer', group: 'exec' },
        { id: 'secretary', title: 'Secretary', group: 'exec' },
      ],
    },
    // Said as they are: nothing is there yet, with no promise of what or when.
    'resources-page': { placeholder: 'The club has not shared any links yet.', links: [] },
    'gear-page': { placeholder: 'The club has no gear listed yet.', items: [] },
  };
}

/**
 * Every document a new club starts with in place of the demo club's: its pages, its terms (a year at a
 * time from `today`, on its clock), its schedule with no sessions and, once it has said which sports
 * it does, their workout types. A club a host creates gets them (without sports) as it is created, so
 * a visitor of its address never sees the demo's; its first run publishes them again under the name
 * its administrator gives, with the sports.
 */
export function starterDocuments(clubName: string, today: string, sports?: readonly Sport[]) {
  return {
    ...starterPages(clubName),
    terms: starterTerms(today),
    seasons: starterSeasons(),
    ...(sports && { sports: starterSports(sports) }),
  };
}
