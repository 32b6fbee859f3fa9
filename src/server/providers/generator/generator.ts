import type { StoredPortraitInfo } from '../../../shared/contracts/checkout.js';

/** What a generator needs to make an order's portraits. */
export interface GenerationRequest {
  orderId: string;
  /** The order's answers as stored: an order placed before a wizard step existed lacks its answer. */
  answers: StoredPortraitInfo;
  /** Loads the customer's selfies (normalised JPEGs); only called while they still exist. */
  selfies: () => Promise<Buffer[]>;
  /**
   * How many images to make, numbered 1..total: the portraits the package promises, plus the margin the
   * likeness check chooses from, plus any extra rounds it asked for (`rounds`).
   */
  total: number;
  /**
   * The images asked for in each round, adding up to `total`: the first round, then each extra round the
   * likeness check asked for when too few passed. A remote provider plans each round on its own, so the
   * numbers it gave earlier rounds never move.
   */
  rounds: number[];
  width: number;
  height: number;
  /** Promised poses and combinations (for prompt building); null where the package leaves them open. */
  poses: number | null;
  combinations: number | null;
  /** The provider's reference from an earlier step (Astria's tune id), if any. */
  providerRef: string | null;
  /**
   * For a refresh: the first order's provider reference, whose person the refresh portrays (Astria makes
   * new prompts on that order's fine-tune). Null for a first order, and where the first order left none.
   */
  likenessRef: string | null;
  /** When generation of this order began (again, after a retry): the generation bound counts from here. */
  startedAt: Date;
  /** 1, then 2 after an operator's first retry of a failed generation, and so on. */
  attempt: number;
}

export interface DeliveredPortrait {
  /** 1-based image number within the order (`total`). */
  no: number;
  jpeg: Buffer;
  /** The attire and backdrop it shows (`attire|background`), so the delivered set keeps the customer's mix. */
  look?: string;
  /** The generator's seed for it: a replacement uses another. */
  seed?: number;
}

/** One new portrait in place of a delivered one: the same choices, another seed. */
export interface ReplacementRequest {
  orderId: string;
  answers: StoredPortraitInfo;
  width: number;
  height: number;
  /** The look of the portrait it replaces (`attire|background`), null when unknown. */
  look: string | null;
  seed: number;
  /** Images of the person, where the generator works from them (the kept likeness). */
  likeness: () => Promise<Buffer[]>;
  /** The order's provider reference (Astria: its tune, with its prompts). */
  providerRef: string | null;
  /** What the previous step of this replacement returned (`state`), null at the first. */
  state: string | null;
  /** Tells the replacement's attempts apart (a provider's idempotency must not answer an earlier one). */
  key: string;
}

export interface ReplacementStep {
  jpeg?: Buffer;
  /** Remember this for the next step. */
  state?: string;
  /** Not ready: ask again after this long. */
  retryAfterMs?: number;
  /** The provider cannot make it. */
  failed?: string;
}

/** One step of generation. */
export interface GenerationStep {
  /** New portraits to store (numbers not in `have`). */
  portraits: DeliveredPortrait[];
  /** Set once the provider has taken what it needs from the selfies (they can then be deleted). */
  selfiesConsumed: boolean;
  /** The provider's reference to remember (Astria's tune id). */
  providerRef?: string;
  /** Nothing more now: ask again after this long (polling a remote provider). */
  retryAfterMs?: number;
  /** The provider gave up; the order fails with this reason. */
  failed?: string;
}

/**
 * Makes portraits, step by step. `advance` is given the portrait numbers already stored and returns what
 * is new; it must be safe to call again after a crash (same request → same portraits, no duplicates).
 */
export interface Generator {
  kind: 'offline' | 'astria';
  advance(request: GenerationRequest, have: ReadonlySet<number>): Promise<GenerationStep>;
  /**
   * What to keep of the person, from the selfies, to make more portraits later (a refresh) once the
   * selfies are deleted: images the generator can take in their place. Absent when the provider keeps
   * the person itself (Astria's fine-tune, named by the order's provider reference).
   */
  likeness?(selfies: readonly Buffer[]): Promise<Buffer[]>;
  /**
   * Whether the provider still holds the person of an order with this reference, so that a refresh can
   * be made of them (Astria: the fine-tune exists, trained and not expired). Absent where the kept
   * images are all a refresh needs.
   */
  holdsLikeness?(providerRef: string): Promise<boolean>;
  /**
   * What of a failed attempt's reference a retry starts from (Astria: the tune, without the prompts,
   * so new prompts are made). Absent: a retry starts with no reference.
   */
  retryRef?(providerRef: string): string | null;
  /** Makes one portrait in place of a delivered one (the viewer's "Replace this portrait"), step by step. */
  replace(request: ReplacementRequest): Promise<ReplacementStep>;
}
