/** Business limits and timings of the product, shared by server and browser. */
export const LIMITS = {
  photosMin: 6,
  photosMax: 10,
  photoMaxBytes: 10 * 1024 * 1024,
  photoMaxPixels: 40_000_000,
  /** Photo checks one customer may ask for in an hour (each photo added or replaced is one). */
  photoChecksPerHour: 150,
  commentMax: 100,
  orderIdDisplayLength: 8,
  ordersRefreshMs: 60_000,
  photoSelectorRefreshMs: 60_000,
  /** The photo selector asks this often while a portrait is being replaced, so the new one shows soon. */
  replacementRefreshMs: 3_000,
  viewWithinDays: 30,
  receiptsMax: 100,
  loginLinkTtlMs: 10 * 60 * 1000,
  refundWindowDays: 7,
  /** The operator's note to the customer in a refund's mail. */
  refundNoteMax: 500,
  retentionDays: 30,
  generationBoundHours: 72,
  landingRotationMs: 6000,
  landingRotationStyles: 5,
  checkoutProgressStepMs: 300,
  checkoutProgressCap: 95,
  copyToastMs: 2000,
  sessionIdleDays: 30,
  /** An order put together but not paid stays in the browser this long after its last change (its photos included). */
  draftDays: 7,
  /** Teams: a team's name, the seats one purchase may buy, addresses one invitation call may list. */
  teamNameMax: 80,
  teamSeatsPerPurchase: 1000,
  teamInvitesPerCall: 500,
  /** A shareable link's cap on joins, and its longest life. */
  teamLinkCapMax: 1000,
  teamLinkDaysMax: 90,
  /** Reminders one invitation may be sent after the first mail. */
  teamRemindersMax: 3,
  /**
   * Open invitations a team may have beyond its seats bought: a few to invite ahead of a purchase, not
   * a free mailer (docs/decisions.md, "Invitation mail is not a free mailer").
   */
  teamInvitationMargin: 3,
  /** Invitation mails a team may send a day: its seats bought plus the margin, and at least this many. */
  teamInvitationsPerDayMin: 10,
  /** Admin invitations a team may mail a day (each asks one person to help run it; they accept or decline). */
  teamAdminInvitationsPerDay: 5,
} as const;

export const SIDEBAR = {
  cookieName: 'sidebar:state',
  cookieMaxAgeSeconds: 604_800,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  mobileBreakpointPx: 768,
  shortcutKey: 'b',
} as const;

/** Portrait sizes in pixels: the standard one, and the 2x size of the Executive package. */
export const PORTRAIT_SIZE = {
  standard: { width: 832, height: 1216 },
  large: { width: 1664, height: 2432 },
} as const;

/** The photo limits as messages write them: "10 MB", "40 megapixels". */
export const LIMIT_TEXT = {
  photoMaxSize: `${LIMITS.photoMaxBytes / (1024 * 1024)} MB`,
  photoMaxPixels: `${LIMITS.photoMaxPixels / 1_000_000} megapixels`,
} as const;

/** Long side of a stored selfie, and so of an upload: plenty for generation, small enough to keep storage modest. */
export const PHOTO_LONG_SIDE = 2048;
