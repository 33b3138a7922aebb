import { z } from 'zod';

/** GET /api/config: what the PWA needs to know of the club's settings (public, no secrets). */
export const clubConfigSchema = z.object({
  /** The club's IANA time zone (CLUB_TIMEZONE): every club date is a date on this clock. */
  clubTimeZone: z.string(),
  /** The club's contact address (CLUB_EMAIL): membership receipts, questions; shown in the footer. */
  clubEmail: z.string(),
  /** The server's VAPID public key (URL-safe base64): a device subscribes to Web Push with it. */
  vapidPublicKey: z.string(),
  /** Whether members may add passkeys and sign in with them (off when APP_URL cannot carry them). */
  passkeys: z.boolean(),
});
export type ClubConfig = z.infer<typeof clubConfigSchema>;
