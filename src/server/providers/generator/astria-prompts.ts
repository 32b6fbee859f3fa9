import { findCategory, humanize, type CategoryId } from '../../../shared/catalog/categories.js';
import type { StoredPortraitInfo } from '../../../shared/contracts/checkout.js';

/** The rare token the fine-tune binds the customer's face to; every prompt names it. */
export const ASTRIA_TOKEN = 'ohwx';

/** Astria accepts 1 to 8 images per prompt. */
export const MAX_IMAGES_PER_PROMPT = 8;

/** One prompt as sent in `tune[prompts_attributes][i]`. */
export interface AstriaPromptPlan {
  text: string;
  numImages: number;
  w: number;
  h: number;
  /** The attire and backdrop it shows (`attire|background`): the likeness check keeps the mix. */
  look: string;
}

export interface PromptPlanInput {
  answers: StoredPortraitInfo;
  /** Portraits the package promises; the plan's num_images add up to exactly this. */
  total: number;
  /** Promised distinct poses and attire/background combinations; null where the package leaves them open. */
  poses: number | null;
  combinations: number | null;
  width: number;
  height: number;
}

/** Distinct poses, enough for the largest promise (Executive: 40). */
export const POSES: readonly string[] = [
  'head and shoulders, facing the camera, warm smile',
  'head and shoulders, three-quarter turn to the left, confident expression',
  'head and shoulders, three-quarter turn to the right, relaxed smile',
  'chest up, arms crossed, friendly smile',
  'waist up, hands in pockets, looking at the camera',
  'waist up, leaning slightly forward, engaged expression',
  'close-up, soft smile, eyes to the camera',
  'chest up, head slightly tilted, natural smile',
  'waist up, hand resting on chin, thoughtful look',
  'head and shoulders, looking slightly off camera, calm expression',
  'waist up, standing tall, hands clasped in front',
  'chest up, glancing over the shoulder, gentle smile',
  'head and shoulders, laughing naturally',
  'waist up, leaning against a wall, relaxed posture',
  'chest up, adjusting a cuff, confident look',
  'seated, waist up, hands folded, attentive expression',
  'seated, leaning forward, open smile',
  'head and shoulders, serious professional expression',
  'waist up, walking toward the camera',
  'chest up, arms relaxed at the sides, approachable smile',
  'close-up, chin slightly lowered, direct gaze',
  'waist up, hand on hip, self-assured stance',
  'chest up, profile view facing left',
  'chest up, profile view facing right',
  'head and shoulders, soft window light, serene expression',
  'waist up, gesturing mid-conversation, animated expression',
  'seated at a desk, looking up, friendly smile',
  'head and shoulders, slight head turn, subtle smile',
  'waist up, holding a notebook, focused look',
  'full length, standing, hands relaxed',
  'three-quarter length, leaning on a railing, candid smile',
  'chest up, touching the collar, poised expression',
  'head and shoulders, low camera angle, confident expression',
  'head and shoulders, high camera angle, friendly eyes',
  'waist up, back slightly turned, looking over the shoulder',
  'chest up, hands steepled, composed expression',
  'seated, three-quarter view, relaxed smile',
  'close-up, natural light, genuine laugh',
  'waist up, arms loosely crossed, slight smile',
  'chest up, looking into the distance, optimistic expression',
];

/** How each category reads in "professional {category} portrait". */
const CATEGORY_WORDS: Record<CategoryId, string> = {
  generic: 'business headshot',
  doctor: 'doctor',
  realtor: 'realtor',
  lawyer: 'lawyer',
  dating: 'dating profile',
  christmas_photos: 'christmas',
  halloween_photos: 'halloween',
  glamour: 'glamour',
  wedding: 'wedding',
  oldmoney: 'old money',
  public_servant: 'public servant',
  professor: 'professor',
  personal_trainer: 'personal trainer',
  fantasy: 'fantasy',
  adventurer: 'adventurer',
  easter: 'easter',
  travel_agent: 'travel agent',
};

function hairPhrase(length: string | undefined, color: string | undefined): string | null {
  if (length === 'bald' || color === 'bald') return 'bald';
  const words = [length, color].filter(Boolean);
  return words.length > 0 ? `${words.join(' ')} hair` : null;
}

function agePhrase(age: string | undefined): string | null {
  if (!age) return null;
  return age === '65 plus' ? 'over 65 years old' : `${age} years old`;
}

/**
 * "some" alternates between prompts so about half the portraits show glasses. Flux reads no negatives
 * (Astria's Flux guide): "no glasses" names glasses and may well draw them, so the prompt says what to
 * show instead.
 */
function glassesPhrase(glass: string | undefined, index: number): string {
  const wearing = glass === 'all' || (glass === 'some' && index % 2 === 0);
  return wearing ? 'wearing glasses' : 'bare eyes, clear view of the eyes';
}

/** The English name of an attire or backdrop as it reads inside a sentence ("white coat"). */
function optionName(options: { id: string; name: string }[] | undefined, id: string): string {
  return (options?.find((o) => o.id === id)?.name ?? humanize(id)).toLowerCase();
}

/**
 * The i-th attire/background pair, ordered so that the first max(A, B) pairs already use every attire and
 * every background: pairs (k mod A, k mod B) are distinct below lcm(A, B); each later block shifts the
 * background by one, which reaches the remaining pairs. Together the first A*B indices hit every pair once.
 */
export function combinationAt(k: number, attires: number, backgrounds: number): [number, number] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const lcm = (attires * backgrounds) / gcd(attires, backgrounds);
  const shift = Math.floor(k / lcm);
  const m = k % lcm;
  return [m % attires, (m + shift) % backgrounds];
}

/** The words of one prompt. */
export function promptText(answers: StoredPortraitInfo, parts: { attire: string; background: string; pose: string; index: number }): string {
  const category = findCategory(answers.type);
  const gender = answers.gender === 'man' || answers.gender === 'woman' ? answers.gender : undefined;
  // An answer the order lacks (placed before its step existed) leaves its phrase out, never "undefined".
  return [
    `${ASTRIA_TOKEN} ${classWord(answers)}`,
    agePhrase(answers.age),
    answers.skinColor && `${answers.skinColor} skin`,
    hairPhrase(answers.hairLength, answers.hairColor),
    answers.bodyType && `${answers.bodyType} build`,
    `wearing ${optionName(gender ? category?.attires[gender] : undefined, parts.attire)}`,
    `${optionName(category?.backdrops, parts.background)} background`,
    glassesPhrase(answers.glass, parts.index),
    `professional ${CATEGORY_WORDS[answers.type as CategoryId] ?? 'portrait'} portrait`,
    parts.pose,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The fine-tune's class word: the person's gender, or "person" for an order without one. */
export function classWord(answers: StoredPortraitInfo): string {
  return answers.gender || 'person';
}

/**
 * The wizard's answers the prompts deliberately leave out, with the reason. Every other answer step must
 * change the prompts (a unit test walks the wizard and fails for a step neither used nor listed here).
 */
export const ANSWERS_NOT_IN_PROMPTS: Readonly<Record<string, string>> = {};

/**
 * The prompts for one order. Every chosen attire x background combination gets at least one prompt (as
 * far as the package's portrait count allows), the prompts cycle through as many distinct poses as the
 * package promises (one pose per prompt where it leaves poses open), there are at least as many prompts as
 * promised combinations, and the images are spread evenly so that num_images add up to `total`, each 1..8.
 */
export function planPrompts(input: PromptPlanInput): AstriaPromptPlan[] {
  const { answers, total } = input;
  const attires = answers.attire?.length ? answers.attire : ['business_attire'];
  const backgrounds = answers.background?.length ? answers.background : ['studio_gray'];
  const combinations = Math.min(attires.length * backgrounds.length, total);
  const count = Math.min(total, Math.max(combinations, input.poses ?? 0, input.combinations ?? 0, Math.ceil(total / MAX_IMAGES_PER_PROMPT)));
  const poseCount = Math.min(input.poses ?? count, POSES.length);
  const base = Math.floor(total / count);
  const extra = total % count;

  return Array.from({ length: count }, (_, i) => {
    const [a, b] = combinationAt(i % combinations, attires.length, backgrounds.length);
    return {
      text: promptText(answers, { attire: attires[a], background: backgrounds[b], pose: POSES[i % poseCount], index: i }),
      numImages: base + (i < extra ? 1 : 0),
      look: `${attires[a]}|${backgrounds[b]}`,
      w: input.width,
      h: input.height,
    };
  });
}

/** The words of a replacement's prompt: the replaced portrait's look, a pose the seed picks. */
export function replacementText(answers: StoredPortraitInfo, look: string | null, seed: number): string {
  const [attire = answers.attire?.[0] ?? 'business_attire', background = answers.background?.[0] ?? 'studio_gray'] = (look ?? '').split('|').filter(Boolean);
  return promptText(answers, { attire, background, pose: POSES[seed % POSES.length] as string, index: seed });
}
