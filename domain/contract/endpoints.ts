import type { ClubAnswer, ClubLogoAnswer } from './club/club';
import type { SetupStatus, setupSchema } from './members/setup';
import type { ClubDocument, ClubDocumentVersionsAnswer, HomePhotoAnswer } from './club/club-documents';
import type { publishDocumentSchema, restoreDocumentSchema } from './club/club-documents-schemas';
import type { AnnouncementAnswer, AnnouncementDismissedAnswer, AnnouncementsAnswer } from './club/announcements';
import type { NewAnnouncement } from './club/announcements-schemas';
import type { PollAnswer, PollAnsweredAnswer, PollMissingAnswer, PollsAnswer } from './club/polls';
import type { NewPoll, PollAnswerBody } from './club/polls-schemas';
import type { DutiesAnswer, DutyNoShow, NewDuty, RotaAnswer } from './training/duties';
import type { MySafetyAnswer, SafetyCardAnswer, SafetyCardBody, SafetyMarksAnswer, SafetyOpeningRecordedAnswer, safetyOpeningSchema, waiverSignatureSchema } from './members/safety';
import type { CalendarLinkAnswer, MyWeekAnswer } from './me';
import type { OfflineSetAnswer } from './offline-set';
import type { NotificationSettings, PushDeviceAnswer } from './notifications';
import type { notificationSettingsSchema, pushDeviceSchema } from './notifications-schemas';
import type { ClubConfig } from './config';
import type { PrivacyFacts } from './members/privacy';
import type { deleteAccountSchema } from './members/privacy-schemas';
import type {
  approveRenewalsSchema,
  BulkMembersAnswer,
  bulkMembersSchema,
  declineRenewalSchema,
  ImportAnswer,
  MyRenewalAnswer,
  RenewalAnswer,
  renewalRequestSchema,
  RenewalsAnswer,
  RenewalsDecidedAnswer,
} from './members/season';
import type {
  addPasskeySchema,
  PasskeyAnswer,
  PasskeyCreationOptionsAnswer,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  PasskeyRequestOptionsAnswer,
  PasskeysAnswer,
  PasskeysRemovedAnswer,
  renamePasskeySchema,
} from './members/passkeys';
import type { MemberHistoryAnswer, TermReportAnswer } from './training/reports';
import type {
  CheckoutAnswer,
  checkoutSchema,
  LedgerAnswer,
  MemberPriceAnswer,
  memberPriceSchema,
  MyPaymentsAnswer,
  PaymentAnswer,
  PaymentRequestAnswer,
  paymentRequestSchema,
  recordPaymentSchema,
  RemindersAnswer,
  refundSchema,
  returnSchema,
  WebhookAnswer,
} from './members/payments';
import type { z } from 'zod';
import type {
  approveMemberSchema,
  MemberAnswer,
  notifyRoleChangeSchema,
  MembersAnswer,
  QueuedMessagesAnswer,
  rejectMemberSchema,
  updateMemberSchema,
} from './members/admin';
import type {
  AuthAnswer,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetCheckSchema,
  ResetCheckAnswer,
  resetPasswordSchema,
  SessionUser,
} from './members/auth';
import type {
  AttendanceAnswer,
  AttendanceRecord,
  CancelAnswer,
  EventDetailAnswer,
  EventPost,
  LaneMoveAnswer,
  PostsAnswer,
  RsvpAnswer,
  SeriesAnswer,
  SignupAnswer,
  WaitlistAnswer,
  WaitlistEntry,
  WorkoutDetailAnswer,
  WorkoutTypeUsageAnswer,
  WorkoutPost,
  WorkoutSignup,
} from './training/forum';
import type {
  attendanceBodySchema,
  cancelPostSchema,
  createPostSchema,
  laneMoveSchema,
  rsvpBodySchema,
  signupBodySchema,
  updateEventSchema,
  updateWorkoutSchema,
  waitlistBodySchema,
} from './training/forum-schemas';
import type { TeamMemberAnswer, TeamMembersAnswer, TeamPictureAnswer } from './club/profiles';
import type { teamMemberUpdateSchema } from './club/profiles-schemas';
import type {
  RaceAnswer,
  RaceDeletedAnswer,
  RaceDetailAnswer,
  raceInputSchema,
  RaceSignupAnswer,
  RacesAnswer,
  RaceEntry,
  raceEntrySchema,
  RaceLiftAnswer,
  raceLiftSchema,
  RaceResultAnswer,
  raceResultSchema,
  PersonalBestsAnswer,
  SeasonTableAnswer,
} from './training/races';
import type {
  ProfileAnswer,
  ProfilePictureAnswer,
  profileUpdateSchema,
  RoleChangeNotificationsAnswer,
} from './members/users';

// Every call of the API, by "METHOD /path" (after /api): what the client sends and what the server
// answers on success. The PWA's client and the server's handlers are both typed against this table,
// so a changed answer breaks the typecheck on one side or the other, never a screen at run time.
// (Why a table and not Hono's `hc`: docs/decisions/0020-data-layer.md.)

/** A plain confirmation. */
export interface MessageAnswer {
  message: string;
}
export interface CharterAcceptedAnswer extends MessageAnswer {
  user: SessionUser;
}
export interface RoleNotificationsReadAnswer extends MessageAnswer {
  marked: number;
}
export interface PostAnswer<P> {
  post: P;
}

type Body<S extends z.ZodType> = z.input<S>;

export interface Endpoints {
  // auth
  'GET /config': { answer: ClubConfig };
  'POST /auth/register': { body: Body<ReturnType<typeof registerSchema>>; answer: AuthAnswer };
  'POST /auth/login': { body: Body<typeof loginSchema>; answer: AuthAnswer };
  /** Ends every session of the account (all devices). */
  'POST /auth/logout': { answer: MessageAnswer };
  'GET /auth/profile': { answer: { user: SessionUser } };
  'POST /auth/forgot-password': { body: Body<typeof forgotPasswordSchema>; answer: MessageAnswer };
  'POST /auth/reset-password': { body: Body<typeof resetPasswordSchema>; answer: MessageAnswer };
  'POST /auth/reset-password/check': { body: Body<typeof resetCheckSchema>; answer: ResetCheckAnswer };
  'POST /auth/passkey/options': { answer: PasskeyRequestOptionsAnswer };
  'POST /auth/passkey/login': { body: Body<typeof passkeyLoginSchema>; answer: AuthAnswer };
  // passkeys (the signed-in account's own)
  'GET /passkeys': { answer: PasskeysAnswer };
  'POST /passkeys/options': { body: Body<typeof passkeyOptionsSchema>; answer: PasskeyCreationOptionsAnswer };
  'POST /passkeys': { body: Body<typeof addPasskeySchema>; answer: PasskeyAnswer };
  'PUT /passkeys/:id': { body: Body<typeof renamePasskeySchema>; answer: PasskeyAnswer };
  'DELETE /passkeys/:id': { answer: PasskeysAnswer };
  // users
  'POST /users/accept-charter': { answer: CharterAcceptedAnswer };
  'PUT /users/profile': { body: Body<ReturnType<typeof profileUpdateSchema>>; answer: ProfileAnswer };
  'POST /users/profile-picture': { body: FormData; answer: ProfilePictureAnswer };
  'GET /users/role-change-notifications': { answer: RoleChangeNotificationsAnswer };
  'POST /users/mark-role-notification-read': { answer: RoleNotificationsReadAnswer };
  // admin
  'GET /admin/outbox': { answer: QueuedMessagesAnswer };
  'GET /admin/members': { answer: MembersAnswer };
  'GET /reports/attendance': { answer: TermReportAnswer };
  'GET /reports/members/:id/attendance': { answer: MemberHistoryAnswer };
  // CSV downloads (read with downloadFile, not call): the term report, a member's history, the members table (`?ids=` a selection)
  'GET /reports/attendance.csv': { answer: Blob };
  'GET /reports/members/:id/attendance.csv': { answer: Blob };
  'GET /reports/members.csv': { answer: Blob };
  'PUT /admin/members/:id/approve': { body: Body<typeof approveMemberSchema>; answer: MemberAnswer };
  'PUT /admin/members/:id/reject': { body: Body<typeof rejectMemberSchema>; answer: MemberAnswer };
  'PUT /admin/members/:id/update': { body: Body<ReturnType<typeof updateMemberSchema>>; answer: MemberAnswer };
  'DELETE /admin/members/:id': { answer: MessageAnswer };
  'DELETE /admin/members/:id/passkeys': { answer: PasskeysRemovedAnswer };
  'POST /admin/members/import': { body: string | Blob; answer: ImportAnswer };
  'POST /admin/members/bulk': { body: Body<typeof bulkMembersSchema>; answer: BulkMembersAnswer };
  /** Sent by apps from before the server recorded role changes itself: accepted and ignored. */
  'POST /admin/notify-role-change': { body: Body<typeof notifyRoleChangeSchema>; answer: MessageAnswer };
  'GET /admin/renewals': { answer: RenewalsAnswer };
  'POST /admin/renewals/approve': { body: Body<typeof approveRenewalsSchema>; answer: RenewalsDecidedAnswer };
  'POST /admin/renewals/:id/decline': { body: Body<typeof declineRenewalSchema>; answer: RenewalAnswer };
  'GET /me/renewal': { answer: MyRenewalAnswer };
  'POST /me/renewal': { body: Body<typeof renewalRequestSchema>; answer: RenewalAnswer };
  // forum
  'GET /forum/posts?type=workout': { answer: PostsAnswer<WorkoutPost> };
  'GET /forum/posts?type=event': { answer: PostsAnswer<EventPost> };
  'POST /forum/posts': {
    body: Body<typeof createPostSchema>;
    answer: PostAnswer<WorkoutPost | EventPost> & { series?: SeriesAnswer };
  };
  'PUT /forum/posts/:id': {
    body: Body<typeof updateWorkoutSchema> | Body<typeof updateEventSchema>;
    answer: PostAnswer<WorkoutPost | EventPost>;
  };
  'DELETE /forum/posts/:id': { answer: MessageAnswer };
  'POST /forum/posts/:id/cancel': { body: Body<typeof cancelPostSchema>; answer: CancelAnswer<WorkoutPost | EventPost> };
  'DELETE /forum/posts/:id/cancel': { answer: CancelAnswer<WorkoutPost | EventPost> };
  'GET /forum/workouts/:id': { answer: WorkoutDetailAnswer };
  'GET /forum/workouts/:id/signups': { answer: { signups: WorkoutSignup[] } };
  'GET /forum/workouts/:id/waitlist': { answer: { waitlist: WaitlistEntry[] } };
  'POST /forum/workouts/:id/signup': { body: Body<typeof signupBodySchema>; answer: SignupAnswer };
  'POST /forum/workouts/:id/waitlist': { body: Body<typeof waitlistBodySchema>; answer: WaitlistAnswer };
  'POST /forum/workouts/:id/lane': { body: Body<typeof laneMoveSchema>; answer: LaneMoveAnswer };
  'DELETE /forum/workouts/:id/waitlist': { answer: WaitlistAnswer };
  'GET /forum/workouts/:id/attendance': { answer: AttendanceRecord };
  'POST /forum/workouts/:id/attendance': {
    body: Body<typeof attendanceBodySchema>;
    answer: AttendanceAnswer;
  };
  'GET /forum/events/:id': { answer: EventDetailAnswer };
  'GET /forum/workout-types/usage': { answer: WorkoutTypeUsageAnswer };
  // what a member will open next, kept on the device for offline use
  'GET /offline-set': { answer: OfflineSetAnswer };
  'POST /forum/events/:id/rsvp': { body: Body<typeof rsvpBodySchema>; answer: RsvpAnswer };
  // the signed-in member's own: My week, the calendar link, notifications
  'GET /me/week': { answer: MyWeekAnswer };
  'GET /me/calendar-link': { answer: CalendarLinkAnswer };
  'GET /me/notifications': { answer: NotificationSettings };
  'PUT /me/notifications': { body: Body<typeof notificationSettingsSchema>; answer: NotificationSettings };
  'PUT /me/notifications/devices': { body: Body<typeof pushDeviceSchema>; answer: PushDeviceAnswer };
  'DELETE /me/notifications/devices/:id': { answer: NotificationSettings };
  'POST /me/calendar-link/reset': { answer: CalendarLinkAnswer };
  // the account's own data: a ZIP file (read with downloadFile, not call), and leaving (204, no body)
  'GET /me/export': { answer: Blob };
  'DELETE /me': { body: Body<typeof deleteAccountSchema>; answer: null };
  'GET /privacy': { answer: PrivacyFacts };
  // races
  'GET /races': { answer: RacesAnswer };
  'POST /races': { body: Body<typeof raceInputSchema>; answer: RaceAnswer };
  'GET /races/:id': { answer: RaceDetailAnswer };
  'PUT /races/:id': { body: Body<typeof raceInputSchema>; answer: RaceAnswer };
  'DELETE /races/:id': { answer: RaceDeletedAnswer };
  'POST /races/:id/signup': { answer: RaceSignupAnswer };
  'DELETE /races/:id/signup': { answer: RaceSignupAnswer };
  // race weekend: entries, lifts, results
  'PUT /races/:id/entry': { body: Body<typeof raceEntrySchema>; answer: { entry: RaceEntry } };
  'POST /races/:id/lifts': { body: Body<typeof raceLiftSchema>; answer: RaceLiftAnswer };
  'PUT /races/:id/lifts/:liftId': { body: Body<typeof raceLiftSchema>; answer: RaceLiftAnswer };
  'DELETE /races/:id/lifts/:liftId': { answer: { message: string } };
  'POST /races/:id/lifts/:liftId/seat': { answer: RaceLiftAnswer };
  'DELETE /races/:id/lifts/:liftId/seat': { answer: RaceLiftAnswer };
  'POST /races/:id/lifts/:liftId/bike-spot': { answer: RaceLiftAnswer };
  'DELETE /races/:id/lifts/:liftId/bike-spot': { answer: RaceLiftAnswer };
  'POST /races/:id/looking-for-lift': { answer: { lookingForLift: boolean } };
  'DELETE /races/:id/looking-for-lift': { answer: { lookingForLift: boolean } };
  'PUT /races/:id/result': { body: Body<typeof raceResultSchema>; answer: RaceResultAnswer };
  'PUT /races/:id/results/:userId': { body: Body<typeof raceResultSchema>; answer: RaceResultAnswer };
  'GET /races/season-table': { answer: SeasonTableAnswer };
  'GET /races/personal-bests/:userId': { answer: PersonalBestsAnswer };
  // CSV downloads (read with downloadFile): the season table (`?year=`), a race's results
  'GET /races/season-table.csv': { answer: Blob };
  'GET /races/:id/results.csv': { answer: Blob };
  // "Add to calendar": one workout, event or race as an .ics file (read with downloadFile)
  'GET /calendar/workout/:id': { answer: Blob };
  'GET /calendar/event/:id': { answer: Blob };
  'GET /calendar/race/:id': { answer: Blob };
  // club announcements
  'GET /announcements': { answer: AnnouncementsAnswer };
  'POST /announcements': { body: Partial<NewAnnouncement>; answer: AnnouncementAnswer };
  'DELETE /announcements/:id': { answer: MessageAnswer };
  'POST /announcements/:id/dismiss': { answer: AnnouncementDismissedAnswer };
  // quick polls
  'GET /polls': { answer: PollsAnswer };
  'POST /polls': { body: Partial<NewPoll>; answer: PollAnswer };
  'GET /polls/:id': { answer: PollAnswer };
  'GET /polls/:id/missing': { answer: PollMissingAnswer };
  'POST /polls/:id/close': { answer: PollAnswer };
  'PUT /polls/:id/answer': { body: PollAnswerBody; answer: PollAnsweredAnswer };
  // duty rotas
  'GET /duties': { answer: DutiesAnswer };
  'GET /duties/rota': { answer: RotaAnswer };
  'POST /duties': { body: Partial<NewDuty>; answer: DutiesAnswer };
  'DELETE /duties/:id': { answer: DutiesAnswer };
  'POST /duties/:id/claim': { answer: DutiesAnswer };
  'DELETE /duties/:id/claim': { answer: DutiesAnswer };
  'POST /duties/:id/swap': { answer: DutiesAnswer };
  'POST /duties/:id/swap/take': { answer: DutiesAnswer };
  'PUT /duties/:id/holders/:userId': { answer: DutiesAnswer };
  'DELETE /duties/:id/holders/:userId': { answer: DutiesAnswer };
  'PUT /duties/:id/holders/:userId/no-show': { body: DutyNoShow; answer: DutiesAnswer };
  // safety cards and the waiver (every answer no-store; another's card only to execs and administrators)
  'GET /safety/me': { answer: MySafetyAnswer };
  'PUT /safety/me': { body: SafetyCardBody; answer: MySafetyAnswer };
  'DELETE /safety/me': { answer: MySafetyAnswer };
  'POST /safety/waiver': { body: Body<typeof waiverSignatureSchema>; answer: MySafetyAnswer };
  'GET /safety/cards/:userId': { answer: SafetyCardAnswer };
  'POST /safety/openings': { body: Body<typeof safetyOpeningSchema>; answer: SafetyOpeningRecordedAnswer };
  'GET /safety/marks': { answer: SafetyMarksAnswer };
  // read with downloadFile: a race's emergency list (administrators)
  'GET /safety/races/:id/emergency.csv': { answer: Blob };
  // the club's settings and texts, as versioned documents
  'GET /club': { answer: ClubAnswer };
  'GET /setup': { answer: SetupStatus };
  'POST /setup': { body: Body<typeof setupSchema>; answer: AuthAnswer };
  'POST /club/logo': { body: FormData; answer: ClubLogoAnswer };
  'GET /club/documents/:key': { answer: ClubDocument };
  'GET /club/documents/:key/versions': { answer: ClubDocumentVersionsAnswer };
  'PUT /club/documents/:key': { body: Body<typeof publishDocumentSchema>; answer: ClubDocument };
  'POST /club/documents/:key/versions/:version/restore': { body: Body<typeof restoreDocumentSchema>; answer: ClubDocument };
  'POST /club/photos': { body: FormData; answer: HomePhotoAnswer };
  // profiles (the coaches and executive team)
  'GET /profiles': { answer: TeamMembersAnswer };
  'PUT /profiles/:id': { body: Body<typeof teamMemberUpdateSchema>; answer: TeamMemberAnswer };
  'POST /profiles/picture': { body: FormData; answer: TeamPictureAnswer };
  // payments: the member's own, Stripe Checkout and its webhook, the treasurer's ledger, records and refunds
  'GET /payments/me': { answer: MyPaymentsAnswer };
  'POST /payments/checkout': { body: Body<typeof checkoutSchema>; answer: CheckoutAnswer };
  'POST /payments/return': { body: Body<typeof returnSchema>; answer: PaymentAnswer };
  'POST /payments/stripe/webhook': { body: string; answer: WebhookAnswer };
  'GET /payments': { answer: LedgerAnswer };
  'GET /payments/ledger.csv': { answer: Blob };
  'POST /payments/record': { body: Body<typeof recordPaymentSchema>; answer: PaymentAnswer };
  'POST /payments/:id/refunds': { body: Body<typeof refundSchema>; answer: PaymentAnswer };
  'PUT /payments/members/:id/price': { body: Body<typeof memberPriceSchema>; answer: MemberPriceAnswer };
  'DELETE /payments/members/:id/price': { answer: MemberPriceAnswer };
  'POST /payments/requests': { body: Body<typeof paymentRequestSchema>; answer: PaymentRequestAnswer };
  'POST /payments/reminders': { answer: RemindersAnswer };
}

export type Endpoint = keyof Endpoints;
/** What the server answers on success. */
export type AnswerOf<E extends Endpoint> = Endpoints[E]['answer'];
/** What the client sends, or never when the call has no body. */
export type BodyOf<E extends Endpoint> = Endpoints[E] extends { body: infer B } ? B : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The `:name` parts of the path, e.g. { id } for 'GET /races/:id'. */
export type ParamsOf<E extends Endpoint> = Record<ParamNames<E>, string | number>;
