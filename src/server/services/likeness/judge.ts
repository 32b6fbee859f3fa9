import type { AppContext } from '../../context.js';
import { judgePortrait, type LikenessVerdict } from '../../../shared/likeness.js';

/**
 * The likeness check of one generated image: analysed in the face workers like a selfie, then judged
 * against the reference (`shared/likeness.ts`). Only the verdict is kept, never the image's descriptor.
 */
export async function judgeImage(ctx: Pick<AppContext, 'faces'>, jpeg: Buffer, reference: readonly (readonly number[])[] | null): Promise<LikenessVerdict> {
  const analysis = await ctx.faces.analyze(jpeg, { background: true });
  return judgePortrait(analysis, reference);
}
