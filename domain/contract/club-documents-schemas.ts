import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';
import type { CharterPage, FaqPage, GearPage, HomePage, JoinPage, ResourcesPage } from '../club-pages';
import { isSafeLink } from '../safe-link';

// The club's pages (domain/club-pages.ts): texts a person writes, with limits a page can show.
const text = (what: string, most: number) =>
  z.string({ error: `Write ${what}` }).trim().min(1, `Write ${what}`).max(most, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${most} characters`);

const joinPageSchema: z.ZodType<JoinPage> = z.object({
  intro: text('the line under the title', 400),
  goal: text('the goal', 3000),
  whoCanJoin: z.array(text('who can join', 400)).min(1, 'Say who can join').max(20, 'At most 20 lines'),
  athleteTypes: z
    .array(z.object({ name: text('the athlete type’s name', 60), text: text('what the athlete type does', 600) }))
    .max(12, 'At most 12 athlete types'),
  steps: z.array(z.object({ title: text('the step’s title', 120), text: text('the step', 1000) })).min(1, 'Give at least one step').max(12, 'At most 12 steps'),
  fees: z
    .array(
      z.object({
        name: text('the package’s name', 60),
        for: text('who the package is for', 60),
        covers: text('what the package covers', 80),
        fee: z.number({ error: 'Give the fee as a number' }).min(0, 'A fee is not negative').max(100000, 'That fee is too high'),
      }),
    )
    .max(20, 'At most 20 packages'),
  feesNote: z.string().trim().max(1000, 'The note is at most 1000 characters'),
});

const homePageSchema: z.ZodType<HomePage> = z.object({
  title: text('the title', 80),
  tagline: text('the tagline', 300),
  about: text('the about text', 3000),
  photos: z
    .array(
      z.object({
        // The app's own pictures or the club's uploads: a path of this site, never another's.
        image: z.string().regex(/^\/(?:images|uploads)\/[a-z0-9-]+$/, 'Choose one of the photos'),
        alt: text('what the photo shows (its alt text)', 300),
        caption: text('the caption', 120),
      }),
    )
    .min(1, 'Keep at least one photo')
    .max(10, 'At most 10 photos'),
});

const charterSchema: z.ZodType<CharterPage> = z.object({ text: text('the charter', 30000) });

const faqPageSchema: z.ZodType<FaqPage> = z.object({
  items: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A question’s anchor is lower-case letters, digits and dashes').max(60),
        question: text('the question', 200),
        answer: text('the answer', 4000),
      }),
    )
    .max(60, 'The FAQ holds at most 60 questions')
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Two questions have the same anchor'),
});

const resourcesPageSchema: z.ZodType<ResourcesPage> = z.object({
  placeholder: text('the text shown while there are no links', 300),
  links: z
    .array(
      z.object({
        title: text('the link’s title', 120),
        url: z
          .string({ error: 'Write the link’s address' })
          .trim()
          .min(1, 'Write the link’s address')
          .max(2000, 'The address is at most 2000 characters')
          .refine(isSafeLink, 'A link goes to a web address (https://…), an email (mailto:…) or a page of this site (/…)'),
      }),
    )
    .max(100, 'At most 100 links'),
});

const gearPageSchema: z.ZodType<GearPage> = z.object({
  placeholder: text('the text shown while there are no items', 300),
  items: z
    .array(z.object({ name: text('the item’s name', 120), description: text('the item’s description', 2000) }))
    .max(60, 'At most 60 items'),
});

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  'home-page': homePageSchema,
  'join-page': joinPageSchema,
  charter: charterSchema,
  'faq-page': faqPageSchema,
  'resources-page': resourcesPageSchema,
  'gear-page': gearPageSchema,
};

/** PUT /club/documents/:key: the new body, and the version it was edited from (the check against a lost edit). */
export const publishDocumentSchema = z.object({
  body: z.unknown(),
  version: z.number({ error: 'Say which version this edit was made from' }).int().min(0),
  note: z.string().trim().max(200, 'A note is at most 200 characters').optional(),
  minor: z.boolean().optional(),
});
export type PublishDocument = z.infer<typeof publishDocumentSchema>;

/** POST /club/documents/:key/versions/:version/restore: the version in force when the editor chose to restore. */
export const restoreDocumentSchema = z.object({
  version: z.number({ error: 'Say which version is in force' }).int().min(0),
});
