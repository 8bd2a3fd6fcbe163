/** Limits shared by server and client (one place, like Outline's shared limits). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  emailMax: 254,
  noteMax: 4000,
  orgSearchDefault: 15, // organizations found when the search names no limit
  orgSearchMax: 50,
  pointsPerBatch: 500,
  wrongUnlocksBeforeSignOut: 5,
  /** Ids in one bulk call (bulk-delete {ids}). */
  bulkIds: 500,
  descriptionMax: 2000,
  /** Most students a classroom can be set to take. */
  capacityMax: 10_000,
  /** Whole currency units a price may have (9,999,999): its minor units always fit a 32-bit integer. */
  priceMajorDigits: 7,
  /** A therapist's professional profile: texts, and how many items each of its lists holds. */
  profileHeadlineMax: 160,
  profileShortTextMax: 200,
  profileLanguagesMax: 10,
  profileLanguageMax: 40,
  profileSpecializationsMax: 10,
  profileYearsMax: 70,
  profileSocialLinksMax: 10,
  profileEducationsMax: 20,
  profileCertificationsMax: 30,
  profileSkillsMax: 50,
  profileSkillMax: 60,
  profileWorkExperiencesMax: 30,
  urlMax: 300,
  /** A credential expiring within this many days is flagged, as clinics are audited on them. */
  certificationWarningDays: 60,
  /** A personal note sent with an invitation. */
  invitationMessageMax: 1000,
  /** A contract template's HTML. */
  contractHtmlMax: 100_000,
  /** An assigned goal: its title (and each target's), its description, planned trials, targets per goal. */
  goalTitleMax: 200,
  goalDescriptionMax: 4000,
  plannedTrialsMax: 200,
  subGoalsMax: 50,
  /** A goal's domain (the area of the plan it belongs to: communication, self-care…). */
  goalDomainMax: 60,
} as const;
