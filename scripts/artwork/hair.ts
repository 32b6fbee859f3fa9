/** Hair styles in figure space (head centre 200,200; face top y≈122; face sides x≈140..260). */
import type { Gender } from './figure';
import type { HairColor, SkinTone } from './palette';
import { mix } from './palette';
import type { Scene } from './svg';

export type HairStyle = 'crop' | 'side_part' | 'buzz' | 'bald' | 'curly_short' | 'afro' | 'bob' | 'long' | 'wavy' | 'bun' | 'ponytail' | 'pixie' | 'curly_long';

export const MAN_STYLES: readonly (readonly [HairStyle, number])[] = [
  ['crop', 5],
  ['side_part', 5],
  ['buzz', 2],
  ['bald', 1],
  ['curly_short', 3],
  ['afro', 1.2],
];

export const WOMAN_STYLES: readonly (readonly [HairStyle, number])[] = [
  ['bob', 3],
  ['long', 5],
  ['wavy', 4],
  ['bun', 2.5],
  ['ponytail', 2],
  ['pixie', 1.5],
  ['curly_long', 2.5],
];

export interface HairParts {
  back: string;
  front: string;
}

const CROP = 'M138 208C132 150 156 104 200 104C244 104 268 150 262 208L256 206C256 184 252 168 246 158Q200 138 154 158C148 168 144 184 144 206Z';
const SIDE_PART =
  'M137 210C128 146 152 94 204 94C252 96 274 142 263 210L256 206C257 184 254 168 248 158C232 146 206 138 180 144C168 148 160 156 154 164C148 176 144 190 144 206Z';
const BUZZ = 'M140 206C136 152 158 112 200 112C242 112 264 152 260 206L256 204C256 184 252 170 246 162Q200 146 154 162C148 170 144 184 144 204Z';
const PULLED_BACK = 'M139 214C132 150 156 104 200 104C244 104 268 150 261 214L257 212C257 186 251 166 240 154Q200 134 160 154C149 166 143 186 143 212Z';
const PIXIE = 'M137 216C127 146 156 98 204 98C252 98 275 146 263 216L257 214C257 188 253 170 245 160C226 170 194 168 166 150C158 162 150 182 146 214Z';

/** Long hair framing the face; `len` is where the side locks end. */
function framingFront(len: number, wave: boolean): string {
  const lo = len;
  if (!wave) {
    return (
      `M128 ${lo}C118 220 128 102 200 100C272 102 282 220 272 ${lo}Q264 ${lo + 8} 256 ${lo - 4}` +
      `C258 ${lo - 60} 258 210 248 168C230 160 212 148 198 136C186 150 168 162 154 168C144 210 144 ${lo - 60} 146 ${lo - 4}Q136 ${lo + 8} 128 ${lo}Z`
    );
  }
  return (
    `M126 ${lo}C112 ${lo - 30} 134 ${lo - 60} 120 ${lo - 90}C108 ${lo - 120} 128 ${lo - 150} 120 200C114 140 140 100 200 100` +
    `C260 100 286 140 280 200C272 ${lo - 150} 292 ${lo - 120} 280 ${lo - 90}C266 ${lo - 60} 288 ${lo - 30} 274 ${lo}Q264 ${lo + 8} 256 ${lo - 4}` +
    `C262 ${lo - 50} 250 ${lo - 80} 256 ${lo - 110}C260 200 256 184 248 168C230 160 212 148 198 136C186 150 168 162 154 168` +
    `C144 184 140 200 144 ${lo - 110}C150 ${lo - 80} 138 ${lo - 50} 146 ${lo - 4}Q136 ${lo + 8} 126 ${lo}Z`
  );
}

function curls(cx: number, cy: number, radius: number, count: number, r: number, from: number, to: number, fill: string): string {
  let s = '';
  for (let i = 0; i <= count; i++) {
    if (count === 0) break;
    const a = ((from + ((to - from) * i) / count) * Math.PI) / 180;
    s += `<circle cx="${(cx + radius * Math.cos(a)).toFixed(1)}" cy="${(cy + radius * Math.sin(a)).toFixed(1)}" r="${r}" fill="${fill}"/>`;
  }
  return s;
}

function shine(color: string, d: string): string {
  return `<path d="${d}" stroke="${color}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".45"/>`;
}

export function renderHair(scene: Scene, style: HairStyle, c: HairColor, gender: Gender, skin: SkinTone): HairParts {
  void scene;
  void gender;
  const f = c.base;
  const path = (d: string, fill = f): string => `<path d="${d}" fill="${fill}"/>`;
  const topShine = shine(c.shine, 'M172 116Q196 106 224 112');
  switch (style) {
    case 'crop':
      return { back: '', front: path(CROP) + topShine };
    case 'side_part':
      return {
        back: '',
        front:
          path(SIDE_PART) +
          `<path d="M176 100Q178 126 222 138" stroke="${c.shade}" stroke-width="3" fill="none" opacity=".7"/>` +
          shine(c.shine, 'M190 106Q220 104 240 120'),
      };
    case 'buzz':
      return { back: '', front: path(BUZZ, mix(f, skin.base, 0.3)) };
    case 'bald':
      return {
        back: path('M141 200C137 140 162 112 200 112C238 112 263 140 259 200Z', skin.base),
        front:
          path('M139 206C139 184 142 172 148 162L154 172C149 182 147 194 147 208Z', mix(f, skin.base, 0.2)) +
          path('M261 206C261 184 258 172 252 162L246 172C251 182 253 194 253 208Z', mix(f, skin.base, 0.2)) +
          `<ellipse cx="186" cy="128" rx="16" ry="6" fill="#fff" opacity=".18"/>`,
      };
    case 'curly_short':
      return {
        back: '',
        front: path(CROP) + curls(200, 168, 62, 12, 15, 188, 352, f) + curls(200, 168, 48, 6, 12, 215, 325, c.shine),
      };
    case 'afro':
      return {
        back: `<circle cx="200" cy="168" r="96" fill="${f}"/>${curls(200, 168, 94, 22, 16, 150, 390, f)}`,
        front: path(CROP) + curls(200, 160, 50, 8, 13, 200, 340, c.shine),
      };
    case 'bob':
      return {
        back: path('M126 282C114 210 118 100 200 96C282 100 286 210 274 282Q252 292 236 280L164 280Q148 292 126 282Z', c.shade),
        front: path(framingFront(282, false)) + shine(c.shine, 'M160 124Q180 108 206 106'),
      };
    case 'long':
      return {
        back: path('M124 400C108 300 112 108 200 96C288 108 292 300 276 400Z', c.shade),
        front: path(framingFront(360, false)) + shine(c.shine, 'M160 124Q180 108 206 106'),
      };
    case 'wavy':
      return {
        back: path('M118 400C96 300 106 104 200 94C294 104 304 300 282 400Z', c.shade),
        front: path(framingFront(362, true)) + shine(c.shine, 'M160 124Q180 108 206 106'),
      };
    case 'curly_long': {
      const back = path('M116 380C96 300 100 110 200 96C300 110 304 300 284 380Z', c.shade) + curls(200, 230, 110, 16, 22, 150, 390, c.shade);
      const front =
        path(framingFront(330, true)) +
        curls(200, 168, 66, 12, 16, 190, 350, f) +
        `<circle cx="134" cy="250" r="16" fill="${f}"/><circle cx="266" cy="250" r="16" fill="${f}"/>` +
        `<circle cx="132" cy="300" r="15" fill="${f}"/><circle cx="268" cy="300" r="15" fill="${f}"/>`;
      return { back, front };
    }
    case 'bun':
      return {
        back: `<circle cx="200" cy="94" r="30" fill="${c.shade}"/><path d="M176 104Q200 88 224 104" stroke="${f}" stroke-width="4" fill="none"/>`,
        front: path(PULLED_BACK) + shine(c.shine, 'M174 116Q198 106 226 114'),
      };
    case 'ponytail':
      return {
        back: path('M228 112C292 118 304 230 282 330C270 304 262 250 252 196Z', c.shade),
        front: path(PULLED_BACK) + shine(c.shine, 'M174 116Q198 106 226 114'),
      };
    case 'pixie':
      return { back: '', front: path(PIXIE) + shine(c.shine, 'M186 106Q216 102 238 116') };
  }
}
