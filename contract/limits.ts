/** Limits shared by server and client (one place, like Outline's shared limits). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  emailMax: 254,
  noteMax: 4000,
  orgSearchDefault: 15, // spec §9
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
  /** A contract template's HTML. */
  contractHtmlMax: 100_000,
} as const;
