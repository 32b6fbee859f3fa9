import { readEnvelope } from '@/api/client';
import type { Category } from '@/shared/catalog/categories';
import type { PackageId } from '@/shared/catalog/packages';
import { CHOICE_STEPS } from '@/shared/catalog/wizard';
import type { CheckoutCreateResponse, PortraitInfo } from '@/shared/contracts/checkout';
import type { WizardAnswers } from '@/stores/wizard';

/**
 * The wizard's answers as `options.portraitInfo`: category name and id, package, and every answer. A
 * single choice not made goes as '', which the server refuses.
 */
export function portraitInfoFrom(category: Category, answers: WizardAnswers, packageId: PackageId): PortraitInfo {
  const chosen = CHOICE_STEPS.map((step) => [step.id, step.kind === 'multi' ? [...answers[step.id]] : (answers[step.id] ?? '')]);
  return { name: category.name, type: category.id, package: packageId, ...Object.fromEntries(chosen) } as PortraitInfo;
}

/** The multipart body: file1..fileN (JPEGs) and `options`, a JSON string. */
export function checkoutFormData(portraitInfo: PortraitInfo, photos: readonly Blob[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [i, photo] of photos.entries()) form.append(`file${i + 1}`, photo, `photo-${i + 1}.jpg`);
  // Gift cards: `extra` carries the card that pays.
  form.append('options', JSON.stringify({ portraitInfo, ...extra }));
  return form;
}

/**
 * Starts a checkout: sends the photos and answers, and resolves with the payment form's client secret.
 * The browser sets the multipart content type (with its boundary) itself. Rejects with ApiError
 * carrying the server's message, as the shared call helper does.
 */
export async function createCheckout(
  portraitInfo: PortraitInfo,
  photos: readonly Blob[],
  options: { signal?: AbortSignal } = {},
): Promise<CheckoutCreateResponse> {
  const response = await fetch('/v1/stripe/checkout/create', {
    method: 'POST',
    credentials: 'include',
    body: checkoutFormData(portraitInfo, photos),
    signal: options.signal,
  });
  return (await readEnvelope<CheckoutCreateResponse>(response)).data;
}
