/** SVG scaffolding: a Scene collects <defs> with unique ids so scenes can be nested in one document. */

let sceneCounter = 0;

export class Scene {
  readonly defs: string[] = [];
  private readonly prefix: string;
  private counter = 0;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    sceneCounter += 1;
    this.prefix = `s${sceneCounter}`;
  }

  /** A document-unique id. */
  uid(name: string): string {
    this.counter += 1;
    return `${this.prefix}${name}${this.counter}`;
  }

  /** A linear gradient; stops are [offset 0..1, colour, opacity?]. Returns `url(#id)`. */
  linear(stops: readonly (readonly [number, string, number?])[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.uid('lg');
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A radial gradient in bounding-box units. Returns `url(#id)`. */
  radial(stops: readonly (readonly [number, string, number?])[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.uid('rg');
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsSvg(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** A Gaussian blur filter. Returns `url(#id)`. */
  blur(std: number): string {
    const id = this.uid('bl');
    this.defs.push(`<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${std}"/></filter>`);
    return `url(#${id})`;
  }

  /** A soft drop shadow filter. Returns `url(#id)`. */
  shadow(dy: number, std: number, opacity: number): string {
    const id = this.uid('sh');
    this.defs.push(
      `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${std}" flood-color="#000" flood-opacity="${opacity}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** A repeating pattern tile (user-space units). Returns `url(#id)`. */
  pattern(w: number, h: number, content: string, transform = ''): string {
    const id = this.uid('pt');
    this.defs.push(
      `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from raw shape markup. Returns `url(#id)`. */
  clip(shape: string): string {
    const id = this.uid('cp');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** A full-canvas vignette overlay. */
  vignette(strength = 0.35): string {
    const fill = this.radial(
      [
        [0, '#000', 0],
        [0.62, '#000', 0],
        [1, '#000', strength],
      ],
      0.5,
      0.45,
      0.75,
    );
    return `<rect width="${this.w}" height="${this.h}" fill="${fill}"/>`;
  }

  /** A soft light pool (studio spot) centred at x, y. */
  glow(x: number, y: number, radius: number, color: string, opacity: number): string {
    const fill = this.radial([
      [0, color, opacity],
      [1, color, 0],
    ]);
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="${fill}"/>`;
  }

  /** Wraps the body into a standalone SVG document. */
  document(body: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }

  /** Embeds this scene's body as a nested <svg> at x, y scaled to width x height. */
  nested(body: string, x: number, y: number, width: number, height: number): string {
    return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="0 0 ${this.w} ${this.h}" preserveAspectRatio="xMidYMid slice"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}

function stopsSvg(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`)
    .join('');
}

/** Escapes text for SVG content. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
