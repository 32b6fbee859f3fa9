/** Every backdrop id mapped to its scene renderer (the Record type makes the list complete). */
import type { BackdropId } from '../../src/shared/catalog/artwork';
import { INDOOR_BACKDROPS } from './backdrops-indoor';
import { NATURE_BACKDROPS } from './backdrops-nature';
import { OUTDOOR_BACKDROPS } from './backdrops-outdoor';
import { STUDIO_BACKDROPS } from './backdrops-studio';
import type { Backdrop } from './scenery';

export const BACKDROPS: Record<BackdropId, Backdrop> = {
  ...STUDIO_BACKDROPS,
  ...INDOOR_BACKDROPS,
  ...OUTDOOR_BACKDROPS,
  ...NATURE_BACKDROPS,
};
